import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import {
  BLOCK_SAID,
  BLOCK_MINUTES,
  BOOKING_TIERS,
  bookingOpensAt,
  bookingTier,
  DROP_BEFORE_HOURS,
  dropDeadline,
  freePlace,
  hourStarts,
  isBlockStart,
  placesAt,
  type BookingTier,
} from "@/lib/shared/delivery/zone-blocks";
import type { BlockInput } from "@/lib/contract/zones/rules";
import { db } from "../platform/db";
import { conflict, fieldError, isUniqueViolation, notFound } from "../platform/errors";
import { allZones } from "./read";
import { courierRecord } from "./record";
import { said, word } from "@/lib/shared/words/said";

// A courier's blocks (GET /api/courier/blocks, POST /api/courier/blocks, DELETE
// /api/courier/blocks/{id}; the screen at /courier/blocks): every zone's hours with a need in the
// week ahead, how many places are open, which the courier holds; booking a place when the block is
// open for their record and a place is free; dropping one until DROP_BEFORE_HOURS before it.

type CourierRef = { id: number };

export type BlockJson = {
  zoneId: number;
  zoneName: string;
  startsAt: string;
  endsAt: string;
  places: number;
  booked: number;
  open: number;
  /** The courier's booking of this block, or null. */
  bookingId: number | null;
  /** When the block opens for booking to this courier (their tier). */
  opensAt: string;
  /** Until when a booking of it may be dropped. */
  dropUntil: string;
};

export type BlocksJson = {
  timeZone: string;
  tier: BookingTier;
  daysAhead: number;
  dropBeforeHours: number;
  blocks: BlockJson[];
};

/**
 * GET /api/courier/blocks: every zone's blocks the courier may book now, soonest first: from the
 * next hour to their tier's days ahead (a block already started, or not yet open to them, is left
 * out unless it is theirs), so the days listed are the booking window's.
 */
export async function courierBlocks(courier: CourierRef, now = new Date()): Promise<BlocksJson> {
  const tier = bookingTier(await courierRecord(courier.id, now));
  const zones = await allZones();
  const hours = hourStarts(now, MARKET_TIME_ZONE);
  const first = hours[0]?.startsAt ?? now;
  const rows = await db.zoneBooking.findMany({ where: { startsAt: { gte: first } }, select: { id: true, zoneId: true, courierId: true, startsAt: true } });
  const key = (zoneId: number, at: Date) => `${zoneId}@${at.getTime()}`;
  const counts = new Map<string, number>();
  const mine = new Map<string, number>();
  for (const booking of rows) {
    const k = key(booking.zoneId, booking.startsAt);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (booking.courierId === courier.id) mine.set(k, booking.id);
  }
  const blocks: BlockJson[] = [];
  for (const { startsAt, hour } of hours) {
    const bookable = startsAt > now && bookingOpensAt(startsAt, tier) <= now;
    for (const zone of zones) {
      const places = zone.needs[hour] ?? 0;
      const k = key(zone.id, startsAt);
      if ((places <= 0 || !bookable) && !mine.has(k)) continue;
      const booked = counts.get(k) ?? 0;
      blocks.push({
        zoneId: zone.id,
        zoneName: zone.name,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + BLOCK_MINUTES * 60_000).toISOString(),
        places,
        booked,
        open: Math.max(0, places - booked),
        bookingId: mine.get(k) ?? null,
        opensAt: bookingOpensAt(startsAt, tier).toISOString(),
        dropUntil: dropDeadline(startsAt).toISOString(),
      });
    }
  }
  return { timeZone: MARKET_TIME_ZONE, tier, daysAhead: BOOKING_TIERS.find((t) => t.tier === tier)!.daysAhead, dropBeforeHours: DROP_BEFORE_HOURS, blocks };
}

/**
 * POST /api/courier/blocks { zoneId, startsAt }: the lowest free place of the block, taken by one
 * INSERT that the unique (zone, hour, place) decides: of couriers racing for the last places,
 * exactly as many as there are places get one; the others see the block full (409). A courier
 * holds one block an hour (409).
 */
export async function bookBlock(
  courier: CourierRef,
  input: BlockInput,
  now = new Date(),
): Promise<{ booking: { id: number; zoneId: number; startsAt: string; place: number } }> {
  const zone = (await allZones()).find((z) => z.id === input.zoneId);
  if (!zone) throw notFound(said("messages.notFound", { what: word("zone") }));
  const startsAt = input.startsAt;
  if (!isBlockStart(startsAt, zone.needs, now, MARKET_TIME_ZONE)) throw fieldError("startsAt", BLOCK_SAID.startsAt);
  if (startsAt <= now) throw conflict(said("messages.blockStarted"), { startsAt: said("messages.blockStarted") });
  const tier = bookingTier(await courierRecord(courier.id, now));
  const opensAt = bookingOpensAt(startsAt, tier);
  if (opensAt > now) {
    throw conflict(said("rules.handlers.blockOpens", { when: formatShortDateTime(opensAt, MARKET_TIME_ZONE) }), { startsAt: said("rules.handlers.notOpenYet") });
  }
  const places = placesAt(zone.needs, startsAt, MARKET_TIME_ZONE);
  // Each attempt takes the lowest place free when read; a place someone took meanwhile is tried again.
  for (let attempt = 0; attempt <= places; attempt++) {
    const taken = await db.zoneBooking.findMany({ where: { zoneId: zone.id, startsAt }, select: { place: true, courierId: true } });
    if (taken.some((t) => t.courierId === courier.id)) throw conflict(said("messages.blockTwice"));
    const place = freePlace(
      places,
      taken.map((t) => t.place),
    );
    if (place === null) throw conflict(said("messages.blockFull"));
    try {
      const booking = await db.zoneBooking.create({ data: { zoneId: zone.id, courierId: courier.id, startsAt, place, createdAt: now } });
      return { booking: { id: booking.id, zoneId: zone.id, startsAt: startsAt.toISOString(), place } };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await db.zoneBooking.count({ where: { courierId: courier.id, startsAt } })) throw conflict(said("messages.blockTwice"));
    }
  }
  throw conflict(said("messages.blockFull"));
}

/** DELETE /api/courier/blocks/{id}: the courier's booking dropped, until DROP_BEFORE_HOURS before the block (then 409). Another's booking is a 404. */
export async function dropBlock(courier: CourierRef, bookingId: number, now = new Date()): Promise<{ dropped: number }> {
  const booking = await db.zoneBooking.findUnique({ where: { id: bookingId } });
  if (!booking || booking.courierId !== courier.id) throw notFound(said("messages.notFound", { what: word("booking") }));
  if (now > dropDeadline(booking.startsAt)) throw conflict(BLOCK_SAID.drop);
  await db.zoneBooking.deleteMany({ where: { id: bookingId, courierId: courier.id } });
  return { dropped: bookingId };
}
