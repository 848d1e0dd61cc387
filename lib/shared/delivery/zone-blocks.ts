import { addDays, daysClock, instantOf, wallClock } from "../time/zone-clock";
import { said } from "@/lib/shared/words/said";

// Scheduled hours by zone (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the rules
// every side reads the same way. A zone needs a number of couriers for each hour of the market's
// day (its `needs`, 24 numbers, the same every day); each hour with a need is a block of that many
// places. Couriers book places up to a week ahead, earlier the better their record, and may drop
// one until DROP_BEFORE_HOURS before it starts. Hours are the market's (MARKET_TIME_ZONE).

export const BLOCK_MINUTES = 60;
/** Blocks are listed and booked this many days ahead. */
export const BOOK_DAYS_AHEAD = 7;
/** A booked block may be dropped until this many hours before it starts. */
export const DROP_BEFORE_HOURS = 12;
/** At most this many couriers in one zone for one hour. */
export const MAX_PLACES = 50;

/**
 * Priority by record: a block opens for booking `daysAhead` days before it starts, by the
 * courier's tier. A tier is earned by the share of accepted jobs the courier delivered (at least
 * `minJobs` accepted in the last 30 days); a courier without the record is `new`.
 */
export const BOOKING_TIERS = [
  { tier: "top", minRate: 0.95, minJobs: 20, daysAhead: 7 },
  { tier: "good", minRate: 0.85, minJobs: 5, daysAhead: 6 },
  { tier: "new", minRate: 0, minJobs: 0, daysAhead: 5 },
] as const;
export type BookingTier = (typeof BOOKING_TIERS)[number]["tier"];

/** A courier's record: jobs accepted and jobs delivered (the last 30 days). */
export type CourierRecord = { accepted: number; delivered: number };

export function bookingTier(record: CourierRecord): BookingTier {
  const rate = record.accepted ? record.delivered / record.accepted : 0;
  return BOOKING_TIERS.find((t) => record.accepted >= t.minJobs && rate >= t.minRate)!.tier;
}

/** When a block starting at `startsAt` opens for a courier of `tier`. */
export function bookingOpensAt(startsAt: Date, tier: BookingTier): Date {
  const days = BOOKING_TIERS.find((t) => t.tier === tier)!.daysAhead;
  return new Date(startsAt.getTime() - days * 86_400_000);
}

/** The last moment a booked block may be dropped. */
export const dropDeadline = (startsAt: Date) => new Date(startsAt.getTime() - DROP_BEFORE_HOURS * 3_600_000);

/** The hour of the market's day (0-23) an instant falls in. */
export const marketHour = (instant: Date, timeZone: string) => wallClock(instant, timeZone).hour;

/** The start of the block (the market's hour) running at `now`. */
export const blockStartAt = (now: Date, timeZone: string) => instantOf({ ...wallClock(now, timeZone), minute: 0 }, timeZone);

/**
 * The starts of the hours from the one running at `now` to BOOK_DAYS_AHEAD days on, each with its
 * hour of the market's day (a DST change's missing hour is not there, its repeated one is once).
 */
export function hourStarts(now: Date, timeZone: string): { startsAt: Date; hour: number }[] {
  const today = wallClock(now, timeZone);
  const clockOf = daysClock(today, BOOK_DAYS_AHEAD + 1, timeZone);
  const end = now.getTime() + BOOK_DAYS_AHEAD * 86_400_000;
  const seen = new Set<number>();
  const starts: { startsAt: Date; hour: number }[] = [];
  for (let day = 0; day <= BOOK_DAYS_AHEAD; day++) {
    const clock = clockOf(addDays(today, day));
    for (let hour = 0; hour < 24; hour++) {
      const startsAt = clock.at(hour * 60);
      const t = startsAt.getTime();
      if (t + BLOCK_MINUTES * 60_000 <= now.getTime() || t >= end || seen.has(t) || marketHour(startsAt, timeZone) !== hour) continue;
      seen.add(t);
      starts.push({ startsAt, hour });
    }
  }
  return starts;
}

/** Whether `startsAt` is the start of one of the zone's blocks listed at `now` (an hour it needs couriers). */
export function isBlockStart(startsAt: Date, needs: readonly number[], now: Date, timeZone: string): boolean {
  return hourStarts(now, timeZone).some((h) => h.startsAt.getTime() === startsAt.getTime() && (needs[h.hour] ?? 0) > 0);
}

/** The places of a block: how many the zone needs that hour. */
export const placesAt = (needs: readonly number[], startsAt: Date, timeZone: string) => needs[marketHour(startsAt, timeZone)] ?? 0;

/** The lowest place (1..places) nobody holds, or null when the block is full. */
export function freePlace(places: number, taken: readonly number[]): number | null {
  const held = new Set(taken);
  for (let place = 1; place <= places; place++) if (!held.has(place)) return place;
  return null;
}

export const BLOCK_SAID = {
  startsAt: said("messages.blockStartsAt", { days: BOOK_DAYS_AHEAD }),
  drop: said("messages.blockDrop", { hours: DROP_BEFORE_HOURS }),
} as const;
