import "server-only";
import { addDays, dateKey, instantOf } from "@/lib/shared/time/opening-hours";
import { daysBetween, type DateRange } from "@/lib/contract/restaurants/insights-rules";

// Restaurant-local days as instants. A day of the restaurant starts at its local midnight, which
// is 24, 23 or 25 hours after the one before (DST); the boundaries are computed here, in
// JavaScript, from the zone (lib/shared/time/opening-hours.ts), and the database buckets a timestamp
// by comparing it with them (queries.ts bucketOf): no time zone arithmetic in SQL, so the same statement
// runs on SQLite and PostgreSQL, and an order at 23:30 local counts on its local day.

export type Days = {
  /** "YYYY-MM-DD" of each day of the range, in order. */
  keys: string[];
  /** keys.length + 1 instants: the local midnight starting each day, then the one ending the last. */
  bounds: Date[];
};

const parse = (key: string) => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), day: Number(key.slice(8, 10)) });

export function daysOf(range: DateRange, timeZone: string): Days {
  const first = parse(range.from);
  const count = daysBetween(range.from, range.to) + 1;
  const keys: string[] = [];
  const bounds: Date[] = [];
  for (let i = 0; i <= count; i++) {
    const date = addDays(first, i);
    if (i < count) keys.push(dateKey(date));
    bounds.push(instantOf({ ...date, hour: 0, minute: 0 }, timeZone));
  }
  return { keys, bounds };
}

/** Every `size` days from the range's first day (the last bucket may be shorter): the weeks of the ratings trend. */
export function everyNth(days: Days, size: number): Days {
  const keys = days.keys.filter((_, i) => i % size === 0);
  const bounds = keys.map((_, i) => days.bounds[i * size]!);
  bounds.push(days.bounds[days.bounds.length - 1]!);
  return { keys, bounds };
}
