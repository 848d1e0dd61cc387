import { CHECKOUT_DEFAULT_CLOSING, MARKET_TIME_ZONE, SCHEDULE_DAYS, SCHEDULE_FIRST_HOUR, SCHEDULE_SLOT_MINUTES } from "./constants";
import { formatWeekday } from "./format-date";

// Scheduled delivery slots: the next 7 days from today, 30-minute slots from
// 5 PM (or, today, from the next full hour when that is later) until the restaurant's closing
// hour (20:00 at checkout when the restaurant gives none). A slot is named by its start and
// must end by closing. Times are wall-clock times in the marketplace's time zone, so the page
// and the server compute the same slots wherever the browser is.

export { MARKET_TIME_ZONE } from "./constants";

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** The instant at which the zone's clock shows this wall-clock time. */
function instantOf(clock: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** "HH:MM" to minutes after midnight; a missing or malformed value gives the checkout default. */
export function closingMinutes(closingTime: string | null | undefined): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(closingTime ?? "") ?? /^(\d\d):(\d\d)$/.exec(CHECKOUT_DEFAULT_CLOSING)!;
  return Number(match[1]) * 60 + Number(match[2]);
}

export type ScheduleDay = { date: string; label: string; slots: { value: string; label: string }[] };

/** The bookable slots, grouped by day (days with no slot left are omitted). */
export function scheduleSlots(now: Date, closingTime: string | null | undefined, timeZone = MARKET_TIME_ZONE): ScheduleDay[] {
  const closing = closingMinutes(closingTime);
  const today = wallClock(now, timeZone);
  const nextHour = today.hour + 1;
  const days: ScheduleDay[] = [];
  for (let offset = 0; offset < SCHEDULE_DAYS; offset++) {
    const noon = instantOf({ ...today, hour: 12, minute: 0 }, timeZone);
    const dayClock = wallClock(new Date(noon.getTime() + offset * 86_400_000), timeZone);
    const firstMinute = Math.max(SCHEDULE_FIRST_HOUR, offset === 0 ? nextHour : 0) * 60;
    const slots: ScheduleDay["slots"] = [];
    for (let minute = firstMinute; minute + SCHEDULE_SLOT_MINUTES <= closing; minute += SCHEDULE_SLOT_MINUTES) {
      const start = instantOf({ ...dayClock, hour: Math.floor(minute / 60), minute: minute % 60 }, timeZone);
      slots.push({ value: start.toISOString(), label: timeLabel(minute) });
    }
    if (!slots.length) continue;
    const dayStart = instantOf({ ...dayClock, hour: 12, minute: 0 }, timeZone);
    days.push({
      date: `${dayClock.year}-${String(dayClock.month).padStart(2, "0")}-${String(dayClock.day).padStart(2, "0")}`,
      label: offset === 0 ? "Today" : offset === 1 ? "Tomorrow" : formatWeekday(dayStart, timeZone),
      slots,
    });
  }
  return days;
}

/** True when `scheduledFor` is exactly one of the slots offered at `now`. */
export function isBookableSlot(scheduledFor: Date, now: Date, closingTime: string | null | undefined, timeZone = MARKET_TIME_ZONE): boolean {
  const value = scheduledFor.toISOString();
  return scheduleSlots(now, closingTime, timeZone).some((day) => day.slots.some((slot) => slot.value === value));
}

function timeLabel(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const suffix = hour >= 12 ? "PM" : "AM";
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
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
