import type { ReactNode } from "react";
import styles from "./operators.module.css";

/**
 * A console report's period filter (a GET form: ?from=&to=, days in the market's time zone), such as
 * the markets' money report and the tax report. Rendered on the server. `children`: choices before
 * the days (the market); `after`: what follows the button (the CSV download).
 */
export function PeriodForm({
  action,
  label,
  range,
  words,
  children,
  after,
}: {
  action: string;
  label: string;
  range: { from: string; to: string };
  /** "From", "To", "Show". */
  words: { from: string; to: string; show: string };
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form className={styles.filters} action={action} aria-label={label}>
      {children}
      <label>
        {words.from}
        <input type="date" name="from" defaultValue={range.from} required />
      </label>
      <label>
        {words.to}
        <input type="date" name="to" defaultValue={range.to} required />
      </label>
      <button type="submit" className={styles.filterButton}>
        {words.show}
      </button>
      {after}
    </form>
  );
}
