import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { weeklyHoursLines } from "@/lib/shared/hours-text";
import type { WeeklyHours } from "@/lib/shared/opening-hours";
import styles from "./weekly-hours.module.css";

/** The restaurant page's hours: one line per run of days; the zone named when it is not the marketplace's. */
export function WeeklyHoursList({ hours, timeZone }: { hours: WeeklyHours; timeZone: string }) {
  return (
    <>
      {weeklyHoursLines(hours).map((line) => (
        <span key={line} className={styles.line}>
          {line}
        </span>
      ))}
      {timeZone !== MARKET_TIME_ZONE && <span className={styles.line}>Times in {timeZone.replaceAll("_", " ")}</span>}
    </>
  );
}
