import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatClockTime } from "@/lib/shared/format-date";
import { WEEKDAYS, type WeeklyHours } from "@/lib/shared/opening-hours";
import styles from "./weekly-hours.module.css";

const SHORT = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" } as const;

/** The weekly schedule as lines, consecutive days with the same hours together ("Mon-Fri 11:00 AM - 2:30 PM, 5:00 PM - 10:00 PM"). */
export function weeklyHoursLines(hours: WeeklyHours): string[] {
  const text = (day: (typeof WEEKDAYS)[number]) =>
    hours[day].length
      ? hours[day].map((i) => (i.open === "00:00" && i.close === "24:00" ? "Open 24 hours" : `${formatClockTime(i.open)} - ${formatClockTime(i.close)}`)).join(", ")
      : "Closed";
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    if (i < WEEKDAYS.length && text(WEEKDAYS[i]!) === text(WEEKDAYS[start]!)) continue;
    const first = SHORT[WEEKDAYS[start]!];
    const days = i - 1 === start ? first : `${first}-${SHORT[WEEKDAYS[i - 1]!]}`;
    lines.push(`${days} ${text(WEEKDAYS[start]!)}`);
    start = i;
  }
  return lines;
}

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
