import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { MARKET_TIME_ZONE, SCHEDULE_DAYS, SCHEDULE_SLOT_MINUTES } from "../constants";
import { fill } from "../words/fill";
import { formatTime, formatWeekday, formatWeekdayTime } from "./format-date";
import { addDays, dateKey, daysClock, instantOf, nextOpening, openSpans, wallClock, type DayClock, type OpeningHours } from "./opening-hours";
import { said, saidTime } from "../words/said";

// Scheduled delivery (and pickup) slots: the next 7 days from today in the restaurant's time
// zone, 30-minute slots that lie wholly inside the restaurant's open hours (weekly schedule and
// closures, lib/shared/time/opening-hours.ts); today only from the next full hour. A slot is named
// by its start instant. Computed from the restaurant's hours alone, so the page and the server
// compute the same slots wherever the browser is.

export { MARKET_TIME_ZONE } from "../constants";

export type ScheduleDay = { date: string; label: string; slots: { value: string; label: string }[] };

/** The slots' words (the catalogue's lines.slots, from the server) and the times' language. */
export type SlotWords = Messages["lines"]["slots"];
export type SlotLanguage = { words: SlotWords; locale: Locale };

/**
 * The instant a local date's clock shows `minute` after midnight, or null for a time the DST
 * change skips (2:30 AM in March): read on the zone's clock only on a day it changes (daysClock).
 */
function slotStarts(date: { year: number; month: number; day: number }, day: DayClock, timeZone: string): (minute: number) => Date | null {
  if (day.steady) return day.at;
  return (minute) => {
    const start = day.at(minute);
    const clock = wallClock(start, timeZone);
    return clock.day === date.day && clock.hour * 60 + clock.minute === minute ? start : null;
  };
}

/** A local day's bookable slot starts: `offset` days from today, `noon` for its weekday's name. */
type SlotDay = { date: string; offset: number; noon: Date; starts: Date[] };

/** The bookable slot starts, by the restaurant's local day (days with no slot left are omitted). */
function slotDays(now: Date, opening: OpeningHours): SlotDay[] {
  const { timeZone } = opening;
  const { spans } = openSpans(opening, now);
  const today = wallClock(now, timeZone);
  const clockOf = daysClock(today, SCHEDULE_DAYS, timeZone);
  const slotMs = SCHEDULE_SLOT_MINUTES * 60_000;
  const days: SlotDay[] = [];
  for (let offset = 0; offset < SCHEDULE_DAYS; offset++) {
    const date = addDays(today, offset);
    const starts: Date[] = [];
    const day = clockOf(date);
    const startOf = slotStarts(date, day, timeZone);
    for (let minute = offset === 0 ? (today.hour + 1) * 60 : 0; minute < 1440; minute += SCHEDULE_SLOT_MINUTES) {
      const start = startOf(minute);
      if (!start) continue;
      const t = start.getTime();
      if (spans.some((span) => span.start <= t && t + slotMs <= span.end)) starts.push(start);
    }
    if (starts.length) days.push({ date: dateKey(date), offset, noon: day.at(720), starts });
  }
  return days;
}

/** The bookable slots, grouped by the restaurant's local day (days with no slot left are omitted), named in `words`. */
export function scheduleSlots(now: Date, opening: OpeningHours, { words, locale }: SlotLanguage): ScheduleDay[] {
  const { timeZone } = opening;
  return slotDays(now, opening).map(({ date, offset, noon, starts }) => ({
    date,
    label: offset === 0 ? words.today : offset === 1 ? words.tomorrow : formatWeekday(noon, timeZone, locale),
    slots: starts.map((start) => ({ value: start.toISOString(), label: formatTime(start, timeZone, locale) })),
  }));
}

/** True when `scheduledFor` is exactly one of the slots offered at `now`. */
export function isBookableSlot(scheduledFor: Date, now: Date, opening: OpeningHours): boolean {
  const value = scheduledFor.toISOString();
  return slotDays(now, opening).some((day) => day.starts.some((start) => start.toISOString() === value));
}

/**
 * What a closed restaurant's checkout starts with: `bookable` when the week has a slot, and `slot`,
 * the first slot from its next opening as the picker names it ("Tomorrow, 11:00 AM"), or null
 * when that opening is at midnight (a restaurant open around the clock but closed today): a
 * midnight delivery nobody asked for is not chosen for the customer, who picks the time.
 */
export function slotToPreselect(now: Date, opening: OpeningHours, language: SlotLanguage): { bookable: boolean; slot: { value: string; label: string } | null } {
  const days = scheduleSlots(now, opening, language);
  const opens = nextOpening(opening, now);
  if (!days.length || !opens) return { bookable: days.length > 0, slot: null };
  const clock = wallClock(opens, opening.timeZone);
  if (clock.hour === 0 && clock.minute === 0) return { bookable: true, slot: null };
  for (const day of days) {
    const slot = day.slots.find((s) => Date.parse(s.value) >= opens.getTime());
    if (slot) return { bookable: true, slot: { value: slot.value, label: fill(language.words.slot, { day: day.label, time: slot.label }) } };
  }
  return { bookable: true, slot: null };
}

/**
 * The one refusal of an order "for now" while the restaurant is closed (the server's 409 and the
 * checkout page), naming the first slot: "today at 5:00 PM", "tomorrow at 11:00 AM", "Tue 11:00 AM".
 */
export function closedNowMessage(name: string, now: Date, opening: OpeningHours, { words, locale }: SlotLanguage): string {
  const days = scheduleSlots(now, opening, { words, locale });
  const day = days[0];
  const slot = day?.slots[0];
  if (!day || !slot) return fill(words.closedNoTimes, { name });
  const offset = day.label === words.today ? words.todayAt : day.label === words.tomorrow ? words.tomorrowAt : null;
  const when = offset ? fill(offset, { time: slot.label }) : formatWeekdayTime(slot.value, opening.timeZone, locale);
  return fill(words.closedSchedule, { name, when });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The marketplace's date at `now`, "YYYY-MM-DD" (the day a dish's option is sold out for: it is
 * available again when this changes).
 */
export function marketDate(now: Date = new Date(), timeZone = MARKET_TIME_ZONE): string {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format.format(now);
}

/**
 * The next instant at which the zone's clock shows "HH:MM" (today's, or tomorrow's once today's
 * has passed): a group order's deadline picked with a time field. Null for a malformed time.
 */
export function nextInstantAt(time: string, now: Date, timeZone = MARKET_TIME_ZONE): Date | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const today = wallClock(now, timeZone);
  const at = instantOf({ ...today, hour: Number(match[1]), minute: Number(match[2]) }, timeZone);
  if (at > now) return at;
  const tomorrow = wallClock(new Date(instantOf({ ...today, hour: 12, minute: 0 }, timeZone).getTime() + 86_400_000), timeZone);
  return instantOf({ ...tomorrow, hour: Number(match[1]), minute: Number(match[2]) }, timeZone);
}

/** "18:30": the zone's wall-clock time at `instant`, as a time field holds it. */
export function wallTime(instant: Date, timeZone = MARKET_TIME_ZONE): string {
  const clock = wallClock(instant, timeZone);
  return `${String(clock.hour).padStart(2, "0")}:${String(clock.minute).padStart(2, "0")}`;
}

/** closedNowMessage as the server's 409 says it: the catalogue's keys and values, the slot's time in the restaurant's zone. */
export function closedNowSaid(name: string, now: Date, opening: OpeningHours): string {
  const day = slotDays(now, opening)[0];
  const start = day?.starts[0];
  if (!day || !start) return said("lines.slots.closedNoTimes", { name });
  const time = saidTime(start, opening.timeZone);
  const when =
    day.offset === 0
      ? said("lines.slots.todayAt", { time })
      : day.offset === 1
        ? said("lines.slots.tomorrowAt", { time })
        : saidTime(start, opening.timeZone, "weekdayTime");
  return said("lines.slots.closedSchedule", { name, when });
}
