import type { Messages } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "../words/fill";
import { formatDate, formatTime, formatWeekdayTime } from "./format-date";

// The open status line's text, apart from the schedule rules (opening-hours.ts) so a page can
// print it from a restaurant's JSON (openNow, nextChange) without loading those rules.

export type OpenStatus = { openNow: boolean; nextChange: Date | null };

/**
 * A restaurant's next open/closed change as the status line prints it, written by the server's
 * render (lib/shared/time/next-change-text.ts) beside the JSON's nextChange, so the browser prints
 * the line without an Intl formatter: `at` the change (ISO), its local `time` ("10:00 PM") and
 * `weekdayTime` ("Tue 11:00 AM"), and `dayStart` the instant (epoch ms) its local day began.
 */
export type NextChangeText = { at: string; time: string; weekdayTime: string; dayStart: number };

/** The line's words in the reader's language (the catalogue's restaurant.open, from the server); English without them. */
export type OpenWords = Messages["restaurant"]["open"];

/** Within this many minutes of closing, the status counts down ("Closes in 20 min"). */
export const CLOSING_SOON_MINUTES = 60;
const DAY_MS = 86_400_000;

/**
 * The status line from an open status: "Open until 10:00 PM", "Closes in 20 min", "Closed -
 * opens Tue 11:00 AM". Without `instant` it is the line that does not depend on the clock (no
 * countdown, the weekday always named).
 */
export function statusLabel(
  { openNow, nextChange }: OpenStatus,
  instant: Date | null,
  timeZone: string,
  text?: NextChangeText | null,
  words?: OpenWords,
  locale: Locale = "en",
): string {
  // The server's words for this very change, else the browser's Intl (its first formatter loads
  // the locale's data: 150 ms of one task on Lighthouse's phone).
  const given = nextChange && text?.at === nextChange.toISOString() ? text : null;
  const time = (at: Date) => given?.time ?? formatTime(at, timeZone, locale);
  const weekdayTime = (at: Date) => given?.weekdayTime ?? formatWeekdayTime(at, timeZone, locale);
  const w = words ?? ENGLISH;
  if (openNow) {
    if (!nextChange) return w.open24;
    if (!instant) return fill(w.openUntil, { time: time(nextChange) });
    const minutes = Math.ceil((nextChange.getTime() - instant.getTime()) / 60_000);
    if (minutes <= CLOSING_SOON_MINUTES) return fill(w.closesIn, { minutes });
    return fill(w.openUntil, { time: nextChange.getTime() - instant.getTime() < DAY_MS ? time(nextChange) : weekdayTime(nextChange) });
  }
  if (!nextChange) return w.closed;
  // Before the change, on or after the start of its local day: the same day.
  const sameDay =
    instant !== null &&
    (given && instant.getTime() < nextChange.getTime() ? instant.getTime() >= given.dayStart : formatDate(nextChange, timeZone) === formatDate(instant, timeZone));
  return fill(w.closedOpens, { time: sameDay ? time(nextChange) : weekdayTime(nextChange) });
}

const ENGLISH: OpenWords = {
  openNow: "Open now",
  closed: "Closed",
  open24: "Open 24 hours",
  openUntil: "Open until {time}",
  closesIn: "Closes in {minutes} min",
  closedOpens: "Closed - opens {time}",
};
