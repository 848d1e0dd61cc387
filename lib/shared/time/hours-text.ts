import type { Locale } from "@/lib/i18n/locale";
import { formatClockTime } from "./format-date";
import { WEEKDAYS, type OpenInterval, type WeeklyHours, type Weekday } from "./opening-hours";

// The weekly schedule in words. The schedule (Restaurant.hours) is the one source of a
// restaurant's hours: the restaurant page's list, the owner's list and the API's `businessHours`
// text are all written from it here, so they cannot disagree (docs/architecture/time-zones.md "Opening hours").

const SHORT: Record<Weekday, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const isAllDay = (i: OpenInterval) => i.open === "00:00" && i.close === "24:00";

/** The days' words in another language (the catalogue's restaurant.days, from the server). */
export type DayWords = Record<Weekday | "closed" | "allDay", string>;

/**
 * The schedule as lines, consecutive days with the same hours together ("Mon-Fri 11:00 AM - 2:30 PM, 5:00 PM - 10:00 PM");
 * with `words` and `locale`, in that language ("lun-vie 11:00 - 14:30").
 */
export function weeklyHoursLines(hours: WeeklyHours, { clock = false, words, locale = "en" }: { clock?: boolean; words?: DayWords; locale?: Locale } = {}): string[] {
  const named = words ?? { ...SHORT, closed: "Closed", allDay: "Open 24 hours" };
  const text = (day: Weekday) =>
    hours[day].length
      ? hours[day]
          .map((i) =>
            isAllDay(i) ? (clock ? "Open 24 hours (12:00 AM - 12:00 AM)" : named.allDay) : `${formatClockTime(i.open, locale)} - ${formatClockTime(i.close, locale)}`,
          )
          .join(", ")
      : named.closed;
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    if (i < WEEKDAYS.length && text(WEEKDAYS[i]!) === text(WEEKDAYS[start]!)) continue;
    const first = named[WEEKDAYS[start]!];
    const days = i - 1 === start ? first : `${first}-${named[WEEKDAYS[i - 1]!]}`;
    lines.push(`${days} ${text(WEEKDAYS[start]!)}`);
    start = i;
  }
  return lines;
}

/**
 * The API's `businessHours`: the schedule's lines joined by "; " ("Mon Closed; Tue-Sun 5:00 PM -
 * 11:00 PM"). It always contains a time with ':' (around the clock reads "Open 24 hours (12:00 AM
 * - 12:00 AM)"), so a client sending it back passes the spec's rule; at most 7 lines of two
 * intervals: well under BUSINESS_HOURS_MAX characters. A week without any opening is `closedWeek`,
 * the English catalogue's lines.hours.closedWeek ("Closed: no opening hours": with its ':' too).
 */
export function businessHoursText(hours: WeeklyHours, closedWeek: string): string {
  if (WEEKDAYS.every((day) => hours[day].length === 0)) return closedWeek;
  return weeklyHoursLines(hours, { clock: true }).join("; ");
}

/** The longest businessHours a request may send (the longest text of a schedule is about 300). */
export const BUSINESS_HOURS_MAX = 400;
