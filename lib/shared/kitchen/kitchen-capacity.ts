import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "../words/fill";
import { formatDate, formatShortDateTime, formatTime, formatTimeOrDay } from "../time/format-date";
import type { ScheduleDay, SlotLanguage } from "../time/schedule";
import { said, saidTime } from "../words/said";

// A kitchen's capacity (docs/architecture/kitchen.md "Capacity"): at most N orders per quarter
// hour, or no limit (null: what checkout always did). An order for now counts in the quarter hour
// it is placed in, a scheduled one in its slot's; a quarter hour that has passed frees itself.

export const QUARTER_MS = 15 * 60_000;
/** The owner's choice: 1 to 500 orders per quarter hour (the column's CHECK), or null. */
export const CAPACITY_LIMITS = { min: 1, max: 500 } as const;

/** The quarter hour `at` falls in (its start): every zone's offset is a whole number of quarter hours. */
export const quarterOf = (at: Date | number): Date => new Date(Math.floor(new Date(at).getTime() / QUARTER_MS) * QUARTER_MS);

/** The next free time as the refusal and checkout name it: "8:00 PM" today, "Nov 21, 11:00 AM" on another day (the one formatter, the restaurant's zone). */
export const freeTimeLabel = (slot: Date | string, now: Date | number, timeZone: string, locale: Locale = "en"): string => formatTimeOrDay(slot, timeZone, now, locale);

/** The refusal's words (the catalogue's lines.capacity). */
export type CapacityWords = Messages["lines"]["capacity"];
/**
 * The refusal of an order for a full quarter hour, naming the next free time (or saying there is
 * none in the week): the server's 409 and checkout's notice say the same.
 */
export function kitchenFullMessage(
  name: string,
  next: Date | string | null,
  now: Date | number,
  timeZone: string,
  scheduled: Date | null,
  words: CapacityWords,
  locale: Locale = "en",
): string {
  const label = (at: Date | string) => freeTimeLabel(at, now, timeZone, locale);
  const when = scheduled ? fill(words.fullAt, { name, time: label(scheduled) }) : fill(words.fullNow, { name });
  return next ? fill(words.next, { when, time: label(next) }) : fill(words.none, { when });
}

/**
 * The first of the schedule's slots (scheduleSlots) whose quarter hour has room, at or after
 * `from` (a pause's end), given how many orders each quarter hour holds (keyed by its start, ms).
 */
export function firstFreeSlot(
  days: readonly ScheduleDay[],
  taken: ReadonlyMap<number, number>,
  capacity: number,
  from: Date | null = null,
  slotWords = "{day}, {time}",
): { value: string; label: string } | null {
  for (const day of days) {
    for (const slot of day.slots) {
      const at = Date.parse(slot.value);
      if (from && at < from.getTime()) continue;
      if ((taken.get(quarterOf(at).getTime()) ?? 0) < capacity) return { value: slot.value, label: fill(slotWords, { day: day.label, time: slot.label }) };
    }
  }
  return null;
}

/** The next free slot as checkout's schedule names it: "Today, 8:00 PM", or "Nov 27, 11:00 AM" on another day; with `language`, in its words ("Hoy, 20:00"). */
export const freeSlotLabel = (slot: Date | string, now: Date | number, timeZone: string, language?: SlotLanguage): string =>
  formatDate(slot, timeZone) !== formatDate(new Date(now), timeZone)
    ? formatShortDateTime(slot, timeZone, language?.locale)
    : language
      ? fill(language.words.slot, { day: language.words.today, time: formatTime(slot, timeZone, language.locale) })
      : `Today, ${formatTime(slot, timeZone)}`;

/** kitchenFullMessage as the server's 409 says it: the catalogue's keys and values, its times in the restaurant's zone. */
export function kitchenFullSaid(name: string, next: Date | string | null, now: Date | number, timeZone: string, scheduled: Date | null = null): string {
  const label = (at: Date | string) => saidTime(at, timeZone, formatDate(at, timeZone) === formatDate(new Date(now), timeZone) ? "time" : "shortDateTime");
  const when = scheduled ? said("lines.capacity.fullAt", { name, time: label(scheduled) }) : said("lines.capacity.fullNow", { name });
  return next ? said("lines.capacity.next", { when, time: label(next) }) : said("lines.capacity.none", { when });
}
