import { MARKET_TIME_ZONE } from "../constants";
import { statusLabel } from "./open-status-label";
import { addDays, atMinute, daysClock, instantOf, wallClock, type LocalDate } from "./zone-clock";
export { addDays, atMinute, dayClock, daysClock, instantOf, wallClock, type DayClock, type LocalDate } from "./zone-clock";

// A restaurant's opening hours (docs/architecture/time-zones.md "Opening hours"): a weekly schedule of
// wall-clock intervals per weekday, holiday closures (local dates, inclusive), both read in the
// restaurant's IANA time zone. Pure, so pages, the browser and the server give the same answer.
// - An interval belongs to the day it opens; close < open runs past midnight into the next day,
//   and close "24:00" means until midnight. A closure drops every interval opening on its dates
//   (a Friday night interval running past midnight into a closed Saturday still runs).
// - The intervals are turned into instants per local date (so a DST change moves them with the
//   wall clock: 11:00 stays 11:00), then adjacent ones are merged (23:00-24:00 and 00:00-02:00
//   are one span: "open until 2:00 AM").

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };
export type OpenInterval = { open: string; close: string };
export type WeeklyHours = Record<Weekday, OpenInterval[]>;
/** Closed from `from` to `to` inclusive, "YYYY-MM-DD" in the restaurant's zone. */
export type Closure = { from: string; to: string };
export type OpeningHours = { timeZone: string; hours: WeeklyHours; closures: Closure[] };

export const MAX_INTERVALS_PER_DAY = 2;
export const MAX_CLOSURES = 20;
export const DEFAULT_RESTAURANT_TIME_ZONE = MARKET_TIME_ZONE;

/** The same intervals every day of the week. */
export function everyDay(...intervals: OpenInterval[]): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, intervals.map((i) => ({ ...i }))])) as WeeklyHours;
}
/** What a restaurant created without hours gets: open whenever it is taking orders. */
export const ALL_DAY: WeeklyHours = everyDay({ open: "00:00", close: "24:00" });
/** The restaurant form's start for a new restaurant: what the API gives one created without hours. */
export const NEW_RESTAURANT_OPENING: OpeningHours = { timeZone: MARKET_TIME_ZONE, hours: ALL_DAY, closures: [] };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** "HH:MM" (00:00-23:59; a close may also be "24:00"). */
export const isTimeOfDay = (value: string, { close = false } = {}) => TIME.test(value) || (close && value === "24:00");
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * A datetime-local value ("2026-12-01T19:00") read on the zone's clock, as an ISO instant
 * ("2026-12-02T03:00:00.000Z" in America/Los_Angeles); "" is null, and so is text that is not one.
 * An owner's promotion dates are typed in the restaurant's zone, whatever the browser's is.
 */
export function zonedInputToIso(local: string, timeZone: string): string | null {
  const m = LOCAL_INPUT.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return instantOf({ year, month, day, hour, minute }, timeZone).toISOString();
}

/** An instant as a datetime-local value on the zone's clock ("" for none): zonedInputToIso's inverse. */
export function isoToZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const c = wallClock(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}

export const dateKey = (date: LocalDate) => `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
export const weekdayOf = (date: LocalDate): Weekday => WEEKDAYS[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7]!;
/** The restaurant's date at `instant`, "YYYY-MM-DD". */
export const localDateKey = (instant: Date, timeZone: string) => dateKey(wallClock(instant, timeZone));

export const isClosedOn = (closures: Closure[], key: string) => closures.some((c) => c.from <= key && key <= c.to);

type Span = { start: number; end: number };
const LOOK_BACK_DAYS = 1;
/** How far ahead spans are computed: a week of slots and "opens Tue" need 8 days. */
export const LOOK_AHEAD_DAYS = 8;

/** The open spans (epoch ms) of the local days around `instant`, merged, and where they stop being known. */
export function openSpans(opening: OpeningHours, instant: Date): { spans: Span[]; horizon: number } {
  const today = wallClock(instant, opening.timeZone);
  // Every date read below: from the day before to the horizon's.
  const clockOf = daysClock(addDays(today, -LOOK_BACK_DAYS), LOOK_BACK_DAYS + LOOK_AHEAD_DAYS + 2, opening.timeZone);
  const raw: Span[] = [];
  for (let offset = -LOOK_BACK_DAYS; offset <= LOOK_AHEAD_DAYS; offset++) {
    const date = addDays(today, offset);
    if (isClosedOn(opening.closures, dateKey(date))) continue;
    const intervals = opening.hours[weekdayOf(date)] ?? [];
    if (!intervals.length) continue;
    const day = clockOf(date);
    for (const interval of intervals) {
      const open = minutesOf(interval.open);
      const close = minutesOf(interval.close);
      const start = day.at(open).getTime();
      const end = (close > open ? day.at(close) : clockOf(addDays(date, 1)).at(close)).getTime();
      if (end > start) raw.push({ start, end });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const spans: Span[] = [];
  for (const span of raw) {
    const last = spans.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else spans.push({ ...span });
  }
  return {
    spans,
    horizon: clockOf(addDays(today, LOOK_AHEAD_DAYS + 1))
      .at(0)
      .getTime(),
  };
}

/**
 * True when the restaurant is open at `instant`: what the zone's clock shows lies in one of
 * today's intervals, or in yesterday's interval running past midnight. One clock reading, no
 * spans: cheap enough to filter every restaurant of a list ("Open now").
 */
export function isOpenAt(opening: OpeningHours, instant: Date): boolean {
  const clock = wallClock(instant, opening.timeZone);
  const minute = clock.hour * 60 + clock.minute;
  const yesterday = addDays(clock, -1);
  const todayOpen =
    !isClosedOn(opening.closures, dateKey(clock)) &&
    (opening.hours[weekdayOf(clock)] ?? []).some(({ open, close }) => {
      const o = minutesOf(open);
      const c = minutesOf(close);
      return c > o ? o <= minute && minute < c : o <= minute;
    });
  if (todayOpen) return true;
  if (isClosedOn(opening.closures, dateKey(yesterday))) return false;
  return (opening.hours[weekdayOf(yesterday)] ?? []).some(({ open, close }) => minutesOf(close) <= minutesOf(open) && minute < minutesOf(close));
}

/** When the restaurant next opens after `instant` (after the current span when open); null when not within the week. */
export function nextOpening(opening: OpeningHours, instant: Date): Date | null {
  const t = instant.getTime();
  const next = openSpans(opening, instant).spans.find((s) => s.start > t);
  return next ? new Date(next.start) : null;
}

export type { OpenStatus } from "./open-status-label";
import type { OpenStatus } from "./open-status-label";

/** Open or not, and when that changes (null: not within the coming week, e.g. open around the clock). */
export function openStatus(opening: OpeningHours, instant: Date): OpenStatus {
  const t = instant.getTime();
  const { spans, horizon } = openSpans(opening, instant);
  if (isOpenAt(opening, instant)) {
    const current = spans.find((s) => s.start <= t && t < s.end);
    return { openNow: true, nextChange: !current || current.end >= horizon ? null : new Date(current.end) };
  }
  const next = spans.find((s) => s.start > t);
  return { openNow: false, nextChange: next ? new Date(next.start) : null };
}

export function openStatusLabel(opening: OpeningHours, instant: Date): string {
  return statusLabel(openStatus(opening, instant), instant, opening.timeZone);
}

/**
 * The close of today's last interval ("HH:MM", a close at midnight "00:00"): the JSON's
 * `closingTime`. Null when closed today or open around the clock (no close today), where the
 * JSON says the spec's default (RESTAURANT_DEFAULT_CLOSING, restaurantToJson).
 */
export function todaysClosingTime(opening: OpeningHours, instant: Date): string | null {
  const today = wallClock(instant, opening.timeZone);
  if (isClosedOn(opening.closures, dateKey(today))) return null;
  const last = (opening.hours[weekdayOf(today)] ?? []).at(-1);
  if (!last || (last.open === "00:00" && last.close === "24:00")) return null;
  return last.close === "24:00" ? "00:00" : last.close;
}

/** The instant (epoch ms) the zone's clock next shows midnight after `instant`. */
export function nextLocalMidnight(instant: Date, timeZone: string): number {
  return atMinute(wallClock(instant, timeZone), 1440, timeZone).getTime();
}

/** What the restaurant JSON says about the clock (openStatus, todaysClosingTime) and the span of instants it holds for. */
export type OpenFacts = { status: OpenStatus; closingTime: string | null; from: number; until: number };

/**
 * `openStatus` and `todaysClosingTime` at `instant`, and `until`: the first instant either may
 * differ, so a caller may keep them for any instant in [from, until). Neither changes before
 * `nextChange` (the open/closed state flips there) or before the next local midnight (today's
 * last interval and the closures are per local date, and openSpans' week-ahead horizon moves
 * then, which can turn "open past the week" into a closing time): `until` is the earlier.
 */
export function openFacts(opening: OpeningHours, instant: Date): OpenFacts {
  const status = openStatus(opening, instant);
  const midnight = nextLocalMidnight(instant, opening.timeZone);
  const change = status.nextChange?.getTime() ?? Infinity;
  return { status, closingTime: todaysClosingTime(opening, instant), from: instant.getTime(), until: Math.min(change, midnight) };
}

function isInterval(value: unknown): value is OpenInterval {
  const v = value as OpenInterval;
  return typeof v?.open === "string" && typeof v?.close === "string" && isTimeOfDay(v.open) && isTimeOfDay(v.close, { close: true });
}

/**
 * A stored schedule (the Restaurant row's JSON text columns) read back. The columns are written
 * only through lib/contract/restaurants/rules.ts; an unreadable or empty one reads as every day from
 * 11:00 to the row's closingTime (what the opening-hours migration gave existing rows).
 */
export function parseOpeningHours(row: { timeZone: string; hours: string; closures: string; closingTime?: string | null }): OpeningHours {
  const fallback = everyDay({ open: "11:00", close: row.closingTime && isTimeOfDay(row.closingTime) ? row.closingTime : "22:00" });
  let hours = fallback;
  try {
    const parsed = JSON.parse(row.hours) as Record<string, unknown>;
    if (WEEKDAYS.every((day) => Array.isArray(parsed?.[day]) && (parsed[day] as unknown[]).every(isInterval))) hours = parsed as WeeklyHours;
  } catch {
    // fallback
  }
  let closures: Closure[] = [];
  try {
    const parsed = JSON.parse(row.closures) as unknown;
    if (Array.isArray(parsed)) closures = parsed.filter((c): c is Closure => typeof c?.from === "string" && typeof c?.to === "string");
  } catch {
    // none
  }
  return { timeZone: isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_RESTAURANT_TIME_ZONE, hours, closures };
}

const knownZones = new Map<string, boolean>();

/** A zone name Intl knows (an IANA name such as America/Los_Angeles); each name is asked of Intl once. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: names come from stored rows and validated input, but a flood of distinct invalid ones must not grow it.
    if (knownZones.size < 1000) knownZones.set(value, known);
  }
  return known;
}
