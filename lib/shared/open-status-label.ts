import { formatDate, formatTime, formatWeekdayTime } from "./format-date";

// The open status line's text, apart from the schedule rules (opening-hours.ts) so a page can
// print it from a restaurant's JSON (openNow, nextChange) without loading those rules.

export type OpenStatus = { openNow: boolean; nextChange: Date | null };

/** Within this many minutes of closing, the status counts down ("Closes in 20 min"). */
export const CLOSING_SOON_MINUTES = 60;
const DAY_MS = 86_400_000;

/**
 * The status line from an open status: "Open until 10:00 PM", "Closes in 20 min", "Closed -
 * opens Tue 11:00 AM". Without `instant` it is the line that does not depend on the clock (no
 * countdown, the weekday always named).
 */
export function statusLabel({ openNow, nextChange }: OpenStatus, instant: Date | null, timeZone: string): string {
  if (openNow) {
    if (!nextChange) return "Open 24 hours";
    if (!instant) return `Open until ${formatTime(nextChange, timeZone)}`;
    const minutes = Math.ceil((nextChange.getTime() - instant.getTime()) / 60_000);
    if (minutes <= CLOSING_SOON_MINUTES) return `Closes in ${minutes} min`;
    return `Open until ${nextChange.getTime() - instant.getTime() < DAY_MS ? formatTime(nextChange, timeZone) : formatWeekdayTime(nextChange, timeZone)}`;
  }
  if (!nextChange) return "Closed";
  const sameDay = instant !== null && formatDate(nextChange, timeZone) === formatDate(instant, timeZone);
  return `Closed - opens ${sameDay ? formatTime(nextChange, timeZone) : formatWeekdayTime(nextChange, timeZone)}`;
}
