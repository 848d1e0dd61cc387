import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { fill } from "@/lib/shared/words/fill";
import { weeklyHoursLines } from "@/lib/shared/time/hours-text";
import type { WeeklyHours } from "@/lib/shared/time/opening-hours";
import styles from "./weekly-hours.module.css";

/** The restaurant page's hours: one line per run of days; the zone named when it is not the marketplace's. */
export function WeeklyHoursList({ hours, timeZone, words, locale }: { hours: WeeklyHours; timeZone: string; words: Words<"restaurant">["days"]; locale: Locale }) {
  return (
    <>
      {weeklyHoursLines(hours, { words, locale }).map((line) => (
        <span key={line} className={styles.line}>
          {line}
        </span>
      ))}
      {timeZone !== MARKET_TIME_ZONE && <span className={styles.line}>{fill(words.timesIn, { zone: timeZone.replaceAll("_", " ") })}</span>}
    </>
  );
}
