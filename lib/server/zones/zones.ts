import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { blockStartAt, marketHour } from "@/lib/shared/delivery/zone-blocks";
import type { ZoneInput } from "@/lib/contract/zones/rules";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { allZones, zoneOfRow, type Zone } from "./read";
import { said, word } from "@/lib/shared/words/said";

// The operators' zones (GET/POST /api/admin/zones, PUT /api/admin/zones/{id}; the editor at
// /admin/zones): each a polygon drawn on the market's map and the couriers it needs for each hour
// of the market's day. Every change is audited with the zone before and after.

export type ZoneJson = {
  id: number;
  name: string;
  polygon: { lat: number; lng: number }[];
  needs: number[];
  /** The hour running now: couriers needed and places booked. */
  thisHour: { startsAt: string; needed: number; booked: number };
  updatedAt: string;
};

/** The start of the market's hour running at `now`. */
export const hourStart = (now: Date) => blockStartAt(now, MARKET_TIME_ZONE);

function zoneJson(zone: Zone, booked: number, now: Date): ZoneJson {
  const startsAt = hourStart(now);
  const { id, name, polygon, needs } = zone;
  const thisHour = { startsAt: startsAt.toISOString(), needed: needs[marketHour(now, MARKET_TIME_ZONE)] ?? 0, booked };
  return { id, name, polygon, needs, thisHour, updatedAt: zone.updatedAt.toISOString() };
}

/** GET /api/admin/zones: every zone, with this hour's need and bookings, and the market's zone its hours are read in. */
export async function zonesJson(now = new Date()): Promise<{ timeZone: string; zones: ZoneJson[] }> {
  const zones = await allZones();
  const counts = await db.zoneBooking.groupBy({ by: ["zoneId"], where: { startsAt: hourStart(now) }, _count: { _all: true } });
  const booked = new Map(counts.map((c) => [c.zoneId, c._count._all]));
  return { timeZone: MARKET_TIME_ZONE, zones: zones.map((zone) => zoneJson(zone, booked.get(zone.id) ?? 0, now)) };
}

const stored = (input: ZoneInput) => ({
  name: input.name,
  polygon: JSON.stringify(input.polygon.map(({ lat, lng }) => ({ lat, lng }))),
  needs: JSON.stringify(input.needs),
});

/** POST /api/admin/zones: a new zone, audited. */
export async function createZone(operator: Operator, input: ZoneInput, now = new Date()): Promise<{ zone: ZoneJson }> {
  const zone = await db.$transaction(async (tx) => {
    const created = await tx.courierZone.create({ data: { ...stored(input), updatedById: operator.id, createdAt: now, updatedAt: now } });
    await recordAudit(tx, operator, {
      action: "zone.create",
      targetType: "zone",
      targetId: created.id,
      reason: input.reason || "Zone drawn",
      detail: { after: { name: input.name, polygon: input.polygon, needs: input.needs } },
    });
    return zoneOfRow(created);
  });
  return { zone: zoneJson(zone, 0, now) };
}

/**
 * PUT /api/admin/zones/{id}: the zone redrawn and its needs set, audited. Places already booked
 * stay booked when a need goes down (the block is then over-full until they are dropped or pass).
 */
export async function updateZone(operator: Operator, id: number, input: ZoneInput, now = new Date()): Promise<{ zone: ZoneJson }> {
  const zone = await db.$transaction(async (tx) => {
    const before = await tx.courierZone.findUnique({ where: { id } });
    if (!before) throw notFound(said("messages.notFound", { what: word("zone") }));
    const updated = await tx.courierZone.update({ where: { id }, data: { ...stored(input), updatedById: operator.id, updatedAt: now } });
    const was = zoneOfRow(before);
    await recordAudit(tx, operator, {
      action: "zone.update",
      targetType: "zone",
      targetId: id,
      reason: input.reason || "Zone changed",
      detail: { before: { name: was.name, polygon: was.polygon, needs: was.needs }, after: { name: input.name, polygon: input.polygon, needs: input.needs } },
    });
    return zoneOfRow(updated);
  });
  const booked = await db.zoneBooking.count({ where: { zoneId: id, startsAt: hourStart(now) } });
  return { zone: zoneJson(zone, booked, now) };
}
