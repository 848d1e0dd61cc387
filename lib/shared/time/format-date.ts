import type { Locale } from "@/lib/i18n/locale";
import { MARKET_TIME_ZONE } from "../constants";
import type { SaidTime } from "../words/said";

// The one date and time formatter of the app, for server and client components alike. Every
// format names its time zone, so the server's render and the browser's hydration print the
// same text wherever either runs (a formatter without one uses the machine's zone: different
// text, React error #418). The zone defaults to the marketplace's; a restaurant's hours, status
// and slots pass the restaurant's own zone (lib/shared/time/opening-hours.ts). One function per format, so a page's JavaScript
// carries only the formats it uses. Each takes the reader's language last ("en", the default, is
// "en-US": "Nov 20, 6:15 PM"; "es" is "20 nov, 18:15").

type Instant = string | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(instant: Instant, style: string, options: Intl.DateTimeFormatOptions, timeZone: string, locale: Locale): string {
  const key = style + timeZone + locale;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, { ...options, timeZone })));
  return formatter.format(new Date(instant));
}

/** "Nov 20, 2026" */
export const formatDate = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "date", { month: "short", day: "numeric", year: "numeric" }, timeZone, locale);

/**
 * A calendar day as stored (YYYY-MM-DD: a document's expiry, a tax rate's start, a report's first
 * and last day) in another language's way ("30 jun 2028"); English's screens print it as stored.
 */
export const formatDay = (day: string, locale: Locale = "en") => (locale === "en" ? day : formatDate(`${day}T12:00:00Z`, "UTC", locale));

/** "Nov 20, 2026, 6:15 PM" */
export const formatDateTime = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "dateTime", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }, timeZone, locale);

/** "Nov 20, 6:15 PM": for what happens within days (a kitchen's incoming orders). */
export const formatShortDateTime = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "shortDateTime", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }, timeZone, locale);

/** "Sat, Nov 21": a day in the schedule picker. */
export const formatWeekday = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "weekday", { weekday: "short", month: "short", day: "numeric" }, timeZone, locale);

/** "6:15 PM": a time of day (an arrival window). */
export const formatTime = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "time", { hour: "numeric", minute: "2-digit" }, timeZone, locale);

/**
 * "6:15 PM" when the instant falls on `now`'s local day, else "Nov 21, 6:15 PM": a deadline
 * ("change it until ...") that may be tomorrow. `now` is the server's render time, so the
 * server's HTML and the browser's hydration print the same text.
 */
export const formatTimeOrDay = (instant: Instant, timeZone: string, now: Instant | number, locale: Locale = "en") =>
  formatDate(instant, timeZone) === formatDate(new Date(now), timeZone) ? formatTime(instant, timeZone, locale) : formatShortDateTime(instant, timeZone, locale);

/** "Tue 11:00 AM": a time within the coming week (when a closed restaurant opens). */
export const formatWeekdayTime = (instant: Instant, timeZone = MARKET_TIME_ZONE, locale: Locale = "en") =>
  format(instant, "weekdayTime", { weekday: "short", hour: "numeric", minute: "2-digit" }, timeZone, locale);

/** "2:30 PM" from a wall-clock "14:30" (an opening hour, in no particular day's zone); "24:00" is "12:00 AM" ("0:00" in es, fr). */
export const formatClockTime = (time: string, locale: Locale = "en") => {
  const hour = Number(time.slice(0, 2)) % 24;
  if (locale !== "en") return `${hour}:${time.slice(3, 5)}`;
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

/** A time among a said message's values (lib/shared/words/said.ts saidTime) in `locale`. */
export const saidTimeIn = ({ at, zone, style }: SaidTime, locale: Locale = "en") =>
  style === "time" ? formatTime(at, zone, locale) : style === "weekdayTime" ? formatWeekdayTime(at, zone, locale) : formatShortDateTime(at, zone, locale);
