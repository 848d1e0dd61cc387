import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RANGE_PRESETS, type RangeChoice } from "@/lib/contract/restaurants/insights-rules";
import styles from "./insights.module.css";
import { getT } from "@/lib/i18n/translate";

/**
 * The range lives in the URL (?days=, or ?from=&to=): links for the presets and a plain GET
 * form for a custom range, so the page needs no script to change it and a range can be shared.
 */
export async function RangePicker({ path, choice }: { path: string; choice: RangeChoice }) {
  const t = await getT("kitchen");
  return (
    <div className={styles.picker}>
      <nav aria-label={t("insights.picker.nav")}>
        <ul className={styles.presets}>
          {RANGE_PRESETS.map((days) => (
            <li key={days}>
              <Link
                href={`${path}?days=${days}`}
                aria-current={choice.preset === days ? "page" : undefined}
                className={buttonClass({ variant: choice.preset === days ? "primary" : "secondary", size: "small" })}
              >
                {t("insights.picker.days", { days: String(days) })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the range: a preset link navigates without reloading, and the inputs must show the new range. */}
      <form key={`${choice.range.from}:${choice.range.to}`} action={path} method="get" className={styles.custom} aria-label={t("insights.picker.custom")}>
        <TextField
          label={t("insights.picker.from")}
          name="from"
          type="date"
          defaultValue={choice.input?.from ?? choice.range.from}
          error={choice.errors?.from}
          required
        />
        <TextField label={t("insights.picker.to")} name="to" type="date" defaultValue={choice.input?.to ?? choice.range.to} error={choice.errors?.to} required />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          {t("insights.picker.show")}
        </button>
      </form>
    </div>
  );
}
