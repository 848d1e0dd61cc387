import { MARKET_TIME_ZONE } from "./constants";

// The one date and time formatter of the app, for server and client components alike. Every
// format names its time zone, so the server's render and the browser's hydration print the
// same text wherever either runs (a formatter without one uses the machine's zone: different
// text, React error #418). The zone defaults to the marketplace's; a restaurant's hours, status
// and slots pass the restaurant's own zone (lib/shared/opening-hours.ts). One function per format, so a page's JavaScript
// carries only the formats it uses.

type Instant = string | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(instant: Instant, style: string, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  const key = style + timeZone;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone })));
  return formatter.format(new Date(instant));
}

/** "Nov 20, 2026" */
export const formatDate = (instant: Instant, timeZone = MARKET_TIME_ZONE) => format(instant, "date", { month: "short", day: "numeric", year: "numeric" }, timeZone);

/** "Nov 20, 2026, 6:15 PM" */
export const formatDateTime = (instant: Instant, timeZone = MARKET_TIME_ZONE) =>
  format(instant, "dateTime", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }, timeZone);

/** "Nov 20, 6:15 PM": for what happens within days (a kitchen's incoming orders). */
export const formatShortDateTime = (instant: Instant, timeZone = MARKET_TIME_ZONE) =>
  format(instant, "shortDateTime", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }, timeZone);

/** "Sat, Nov 21": a day in the schedule picker. */
export const formatWeekday = (instant: Instant, timeZone = MARKET_TIME_ZONE) =>
  format(instant, "weekday", { weekday: "short", month: "short", day: "numeric" }, timeZone);

/** "6:15 PM": a time of day (an arrival window). */
export const formatTime = (instant: Instant, timeZone = MARKET_TIME_ZONE) => format(instant, "time", { hour: "numeric", minute: "2-digit" }, timeZone);

/**
 * "6:15 PM" when the instant falls on `now`'s local day, else "Nov 21, 6:15 PM": a deadline
 * ("change it until ...") that may be tomorrow. `now` is the server's render time, so the
 * server's HTML and the browser's hydration print the same text.
 */
export const formatTimeOrDay = (instant: Instant, timeZone: string, now: Instant | number) =>
  formatDate(instant, timeZone) === formatDate(new Date(now), timeZone) ? formatTime(instant, timeZone) : formatShortDateTime(instant, timeZone);

/** "Tue 11:00 AM": a time within the coming week (when a closed restaurant opens). */
export const formatWeekdayTime = (instant: Instant, timeZone = MARKET_TIME_ZONE) =>
  format(instant, "weekdayTime", { weekday: "short", hour: "numeric", minute: "2-digit" }, timeZone);

/** "2:30 PM" from a wall-clock "14:30" (an opening hour, in no particular day's zone); "24:00" is "12:00 AM". */
export const formatClockTime = (time: string) => {
  const hour = Number(time.slice(0, 2)) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${time.slice(3, 5)} ${hour >= 12 ? "PM" : "AM"}`;
};

const sortableFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-20 18:15": a sortable local time, for CSV downloads (a spreadsheet reads it as a date). */
export function formatSortableDateTime(instant: Instant, timeZone = MARKET_TIME_ZONE): string {
  let formatter = sortableFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    sortableFormats.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
