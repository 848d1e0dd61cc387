import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import type { Point } from "@/lib/shared/delivery/delivery";
import { blockStartAt, placesAt } from "@/lib/shared/delivery/zone-blocks";
import { zoneAt } from "@/lib/shared/delivery/zone-polygon.mjs";
import { db } from "../platform/db";
import { allZones } from "./read";
import { said } from "@/lib/shared/words/said";

/**
 * Whether a courier may go on shift at `point` (their last position; null: not known) by the
 * zones' schedule, as a refusal message or null. A courier with a block booked this hour goes on
 * shift; one without goes on shift outside every zone, or in a zone still short this hour (fewer
 * places booked than it needs, or no need set for the hour). Refused only inside a zone fully
 * booked this hour. Without zones, or without a position, nothing is refused.
 */
export async function zoneShiftRefusal(courierId: number, point: Point | null, now = new Date()): Promise<string | null> {
  if (!point) return null;
  const zone = zoneAt(point, await allZones());
  if (!zone) return null;
  const startsAt = blockStartAt(now, MARKET_TIME_ZONE);
  const needed = placesAt(zone.needs, startsAt, MARKET_TIME_ZONE);
  if (needed <= 0) return null;
  const bookings = await db.zoneBooking.findMany({ where: { startsAt, OR: [{ zoneId: zone.id }, { courierId }] }, select: { courierId: true, zoneId: true } });
  if (bookings.some((b) => b.courierId === courierId)) return null;
  return bookings.filter((b) => b.zoneId === zone.id).length < needed ? null : said("messages.blockFullZone");
}
