import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RANGE_PRESETS, type RangeChoice } from "@/lib/validation/insights";
import styles from "./insights.module.css";

/**
 * The range lives in the URL (?days=, or ?from=&to=): links for the presets and a plain GET
 * form for a custom range, so the page needs no script to change it and a range can be shared.
 */
export function RangePicker({ path, choice }: { path: string; choice: RangeChoice }) {
  return (
    <div className={styles.picker}>
      <nav aria-label="Range">
        <ul className={styles.presets}>
          {RANGE_PRESETS.map((days) => (
            <li key={days}>
              <Link
                href={`${path}?days=${days}`}
                aria-current={choice.preset === days ? "page" : undefined}
                className={buttonClass({ variant: choice.preset === days ? "primary" : "secondary", size: "small" })}
              >
                {days} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the range: a preset link navigates without reloading, and the inputs must show the new range. */}
      <form key={`${choice.range.from}:${choice.range.to}`} action={path} method="get" className={styles.custom} aria-label="Custom range">
        <TextField label="From" name="from" type="date" defaultValue={choice.input?.from ?? choice.range.from} error={choice.errors?.from} required />
        <TextField label="To" name="to" type="date" defaultValue={choice.input?.to ?? choice.range.to} error={choice.errors?.to} required />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Show range
        </button>
      </form>
    </div>
  );
}
