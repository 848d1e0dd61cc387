import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import type { Point } from "@/lib/shared/delivery/delivery";
import { blockStartAt } from "@/lib/shared/delivery/zone-blocks";
import { zoneAt } from "@/lib/shared/delivery/zone-polygon.mjs";
import type { Sql } from "../platform/sql";
import { bookingsAt } from "./queries/dispatch";
import { zonesIn } from "./read";

/**
 * What the matching needs of the zones (lib/shared/delivery/dispatch-matching.mjs: a job in a zone goes
 * first to a courier booked in that zone this hour): the zone each pickup lies in, and the zone
 * each courier is booked in now. Read in the tick's `sql`; without zones, one small read.
 */
export async function dispatchZones(sql: Sql, pickups: { id: number; at: Point }[], courierIds: number[], now: Date) {
  const zones = await zonesIn(sql);
  const jobZone = new Map<number, number>();
  const booked = new Map<number, number>();
  if (!zones.length) return { jobZone, booked };
  for (const pickup of pickups) {
    const zone = zoneAt(pickup.at, zones);
    if (zone) jobZone.set(pickup.id, zone.id);
  }
  if (courierIds.length && jobZone.size) {
    for (const booking of await bookingsAt(sql, blockStartAt(now, MARKET_TIME_ZONE), courierIds)) booked.set(booking.courierId, booking.zoneId);
  }
  return { jobZone, booked };
}
