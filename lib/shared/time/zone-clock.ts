// A time zone's clock (docs/architecture/time-zones.md): what it shows at an instant, the instant at
// which it shows a wall-clock time, and a local date's times, read through Intl (slow on a phone:
// each read is one formatToParts, so a day the clock does not change is read once, not per time).

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };
export type LocalDate = { year: number; month: number; day: number };

const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** What the zone's clock shows at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = clockFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** The instant at which the zone's clock shows this wall-clock time (in a DST gap: an hour later). */
export function instantOf(clock: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant a local date's clock shows `minutes` after midnight (1440: the next midnight). */
export const atMinute = (date: LocalDate, minutes: number, timeZone: string) =>
  minutes >= 1440
    ? instantOf({ ...addDays(date, 1), hour: 0, minute: 0 }, timeZone)
    : instantOf({ ...date, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);

/** A local date's clock: `at(minutes)` is atMinute(date, minutes) for 0-1440; `steady` when the zone's clock does not change that day. */
export type DayClock = { steady: boolean; at: (minutes: number) => Date };
const DAY_MS = 86_400_000;
const localMs = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day);

/**
 * One date's clock. On a day the zone's clock does not change (its midnights 24 hours apart, the
 * first at 00:00) a time is midnight plus the minutes: a few Intl reads for the day instead of two
 * a time. Intl is slow on a phone: a week of slots read one by one took 110 ms of checkout's
 * hydration at 4x (docs/log/2026-11-27.md).
 */
export function dayClock(date: LocalDate, timeZone: string): DayClock {
  const midnight = atMinute(date, 0, timeZone);
  const first = wallClock(midnight, timeZone);
  const steady = first.day === date.day && first.hour === 0 && first.minute === 0 && atMinute(date, 1440, timeZone).getTime() - midnight.getTime() === DAY_MS;
  return { steady, at: steady ? (minutes) => new Date(midnight.getTime() + minutes * 60_000) : (minutes) => atMinute(date, minutes, timeZone) };
}

/** The zone's offset at `instant` (ms: its clock minus UTC), to the minute. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The clocks of the `days` local dates from `from`. When the zone's offset is the same a day
 * before the first and a day after the last, its clock does not change between (a zone changes
 * it at most twice a year, months apart): every date is steady, two Intl reads for them all.
 * Otherwise each date's own (dayClock).
 */
export function daysClock(from: LocalDate, days: number, timeZone: string): (date: LocalDate) => DayClock {
  const offset = offsetAt(localMs(from) - DAY_MS, timeZone);
  if (offsetAt(localMs(from) + (days + 1) * DAY_MS, timeZone) !== offset) return (date) => dayClock(date, timeZone);
  return (date) => {
    const midnight = localMs(date) - offset;
    return { steady: true, at: (minutes) => new Date(midnight + minutes * 60_000) };
  };
}
