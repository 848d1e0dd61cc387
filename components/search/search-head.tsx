import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import type { SearchState } from "./search-href";
import styles from "./search-page.module.css";

/** /search's title and its own text field (the top bar's box starts a search; this one refines it). */
export function SearchHead({ state, problems }: { state: SearchState; problems: string[] }) {
  return (
    <>
      <h1 className={styles.title}>{state.q ? `Results for “${state.q}”` : "Search restaurants and dishes"}</h1>
      <div className={styles.queryRow}>
        <label htmlFor="search-q" className="sr-only">
          Search text
        </label>
        <div className={styles.queryField}>
          <IconGlyph name="search" className={styles.queryIcon} />
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder="Dishes, restaurants or cuisines"
            className={styles.query}
            enterKeyHint="search"
          />
        </div>
        <button type="submit" className={buttonClass({ size: "large" })}>
          Search
        </button>
      </div>
      {problems.length > 0 && (
        <p className={styles.problems} role="alert">
          Left out of this search: {problems.join("; ")}.
        </p>
      )}
    </>
  );
}
