import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import type { SearchState } from "./search-href";
import styles from "./search-page.module.css";
import { getT } from "@/lib/i18n/translate";

/** /search's title and its own text field (the top bar's box starts a search; this one refines it). */
export async function SearchHead({ state, problems }: { state: SearchState; problems: string[] }) {
  const t = await getT("browse.search");
  return (
    <>
      <h1 className={styles.title}>{state.q ? t("results", { q: state.q }) : t("title")}</h1>
      <div className={styles.queryRow}>
        <label htmlFor="search-q" className="sr-only">
          {t("searchText")}
        </label>
        <div className={styles.queryField}>
          <IconGlyph name="search" className={styles.queryIcon} />
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder={t("placeholder")}
            className={styles.query}
            enterKeyHint="search"
          />
        </div>
        <button type="submit" className={buttonClass({ size: "large" })}>
          {t("submit")}
        </button>
      </div>
      {problems.length > 0 && (
        <p className={styles.problems} role="alert">
          {t("leftOut", { problems: problems.join("; ") })}
        </p>
      )}
    </>
  );
}
