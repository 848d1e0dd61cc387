import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen";
import { openFacts, parseOpeningHours, type OpenFacts, type OpeningHours } from "@/lib/shared/time/opening-hours";
import { catalogCached, scopes } from "../platform/catalog-cache";
import { db } from "../platform/db";

// When a restaurant is open: its hours parsed once per row, what they say now (kept while it
// holds), the instant a list's JSON stops being true, and the open-now set and filter every
// list with "Open now" uses.

/**
 * The restaurant's hours, as stored (lib/shared/time/opening-hours.ts), parsed once per row object: the
 * catalog cache (catalog-cache.ts) hands out the same rows until the catalog changes, so a cached
 * restaurant's schedule is parsed once per catalog version, never per answer. What the schedule
 * says at a given time is kept separately, only while it holds (openFactsOf below). Rows are
 * never mutated (a change is a new row object).
 */
export function openingHoursOf(r: Pick<Restaurant, "timeZone" | "hours" | "closures" | "closingTime">): OpeningHours {
  let opening = parsedHours.get(r);
  if (!opening) parsedHours.set(r, (opening = parseOpeningHours(r)));
  return opening;
}
/**
 * The row's open status and today's closing time at `now`, kept for as long as they hold: until
 * the status's `nextChange` or the restaurant's next local midnight, whichever comes first
 * (`openFacts`, lib/shared/time/opening-hours.ts). Computing them costs ~1 ms of Intl time-zone
 * arithmetic for a restaurant with real weekly hours; a cached list of 20 would pay it on every
 * request. They are kept by what they are computed from (the zone, hours, closures and closing
 * time), not by row object: a catalog change (a like, a rename) hands out new row objects, and
 * the open-now set of every restaurant (openRestaurantIds) would otherwise cost seconds at
 * scale 10 after each one. An instant outside the kept span (past `until`, or before the span
 * began: a clock set back) computes them again, so no answer is stale across a boundary.
 */
export function openFactsOf(r: Pick<Restaurant, "timeZone" | "hours" | "closures" | "closingTime">, now = new Date()): OpenFacts {
  const t = now.getTime();
  const key = `${r.timeZone}\n${r.closingTime}\n${r.hours}\n${r.closures}`;
  let facts = timedFacts.get(key);
  if (!facts || t < facts.from || t >= facts.until) {
    // Bounded: schedules are few next to restaurants; a full map starts again.
    if (timedFacts.size >= MAX_KEPT_SCHEDULES) timedFacts.clear();
    timedFacts.set(key, (facts = openFacts(openingHoursOf(r), now)));
  }
  return facts;
}

/** The first instant (ms) any of these restaurants opens, closes, reaches its local midnight or ends a pause or busy spell: when their JSON stops being true (null: never). */
export function restaurantsUntil(
  rows: (Pick<Restaurant, "timeZone" | "hours" | "closures" | "closingTime"> & Partial<Pick<Restaurant, "pausedUntil" | "busyUntil">>)[],
  now = new Date(),
): number | null {
  const kitchen = (r: (typeof rows)[number]) =>
    Math.min(pausedUntilAt(r.pausedUntil, now)?.getTime() ?? Infinity, pausedUntilAt(r.busyUntil, now)?.getTime() ?? Infinity);
  const until = Math.min(...rows.map((r) => Math.min(openFactsOf(r, now).until, kitchen(r))));
  return Number.isFinite(until) ? until : null;
}

const parsedHours = new WeakMap<object, OpeningHours>();
const timedFacts = new Map<string, OpenFacts>();
const MAX_KEPT_SCHEDULES = 10_000;

/**
 * The ids of every restaurant open now, and the instant (ms) that set next changes (a
 * restaurant opens or closes, or a pause or busy spell ends; null: not within the week): search's "Open now" filter. Cached
 * under the catalog's version until that instant, so a search reads it from memory.
 */
export function openRestaurantIds(): Promise<{ ids: number[]; until: number | null }> {
  return catalogCached(
    "open-restaurant-ids",
    async () => {
      const now = new Date();
      const rows = await db.restaurant.findMany({
        select: { id: true, timeZone: true, hours: true, closures: true, closingTime: true, pausedUntil: true, busyUntil: true },
      });
      const ids: number[] = [];
      let until: number | null = null;
      for (const row of rows) {
        const { status } = openFactsOf(row, now);
        if (status.openNow) ids.push(row.id);
        // A pause or busy spell ending changes the pages' status lines and estimates too (docs/architecture/kitchen.md).
        for (const change of [status.nextChange, pausedUntilAt(row.pausedUntil, now), pausedUntilAt(row.busyUntil, now)]) {
          const t = change?.getTime() ?? null;
          if (t !== null && (until === null || t < until)) until = t;
        }
      }
      return { ids, until };
    },
    { under: [scopes.restaurants], freshUntil: (value) => value.until },
  );
}

/**
 * The rows (restaurants, or rows carrying their hours columns) open at `now`, in their order.
 * For any list with an "Open now" filter (the home page, /api/restaurants, search): run the
 * query without it, then this, then page.
 */
export function filterOpenNow<T extends Pick<Restaurant, "timeZone" | "hours" | "closures" | "closingTime">>(rows: T[], now = new Date()): T[] {
  return rows.filter((row) => openFactsOf(row, now).status.openNow);
}
