import { z } from "zod";
import { instant } from "../common/schemas";

// Scheduled hours by zone (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the operators'
// zones and a courier's blocks.

const point = z.object({ lat: z.number(), lng: z.number() });

export const zoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  polygon: z.array(point).meta({ description: "The zone's corners in order, the last joined to the first" }),
  needs: z.array(z.number().int()).meta({ description: "24 numbers: the couriers the zone needs in each hour of the market's day (timeZone), from 00:00" }),
  thisHour: z.object({ startsAt: instant, needed: z.number().int(), booked: z.number().int() }),
  updatedAt: instant,
});
export const zonesSchema = z.object({ timeZone: z.string().meta({ description: "The market's time zone the hours are read in" }), zones: z.array(zoneSchema) });
export const zoneAnswerSchema = z.object({ zone: zoneSchema });

export const blockSchema = z.object({
  zoneId: z.number().int(),
  zoneName: z.string(),
  startsAt: instant,
  endsAt: instant,
  places: z.number().int().meta({ description: "Couriers the zone needs that hour: the block's places" }),
  booked: z.number().int(),
  open: z.number().int().meta({ description: "Places still free" }),
  bookingId: z.number().int().nullable().meta({ description: "Your booking of it, or null" }),
  opensAt: instant.meta({ description: "When it opens for booking to couriers of your tier" }),
  dropUntil: instant.meta({ description: "Until when a booking of it may be dropped" }),
});
export const blocksSchema = z.object({
  timeZone: z.string(),
  tier: z.enum(["top", "good", "new"]).meta({ description: "Your booking tier by your record (top: 7 days ahead, good: 6, new: 5)" }),
  daysAhead: z.number().int(),
  dropBeforeHours: z.number().int(),
  blocks: z.array(blockSchema),
});
export const bookingAnswerSchema = z.object({ booking: z.object({ id: z.number().int(), zoneId: z.number().int(), startsAt: instant, place: z.number().int() }) });
export const droppedSchema = z.object({ dropped: z.number().int() });
