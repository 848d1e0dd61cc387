import { z } from "zod";
import { WEEKDAYS } from "@/lib/shared/time/opening-hours";
import { CUISINES, PRICE_LEVELS } from "@/lib/shared/constants";
import { id, instant, money, stored } from "../common/schemas";

// A restaurant's JSON and a page of them.

export const restaurantSchema = z.object({
  id,
  ownerId: id,
  name: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  cuisineType: stored(CUISINES),
  deliveryFee: money,
  deliveryTime: z.number().int().meta({ description: "Minutes" }),
  deliveryRadiusKm: z
    .number()
    .meta({ description: "How far it delivers, in km (0.5-50, default 8): a delivery order from farther away is a 422; pickup is always possible" }),
  lat: z.number().nullable().meta({ description: "The restaurant's place (from its ZIP code, set on every save); null for a row saved before places" }),
  lng: z.number().nullable(),
  businessHours: z.string().meta({ description: 'The weekly schedule (`hours`) in words, written from it: "Mon Closed; Tue-Sun 11:00 AM - 10:00 PM"' }),
  closingTime: z.string().meta({
    description: "HH:MM, 24-hour clock: the close of today's last opening interval (00:00 for midnight; 22:00 when closed today or open around the clock)",
  }),
  servicing: z.boolean().meta({ description: "Taking orders" }),
  timeZone: z.string().meta({ description: "IANA time zone of the hours and closures" }),
  hours: z.record(z.enum(WEEKDAYS), z.array(z.object({ open: z.string(), close: z.string() }))).meta({
    description: "Weekly schedule: per weekday, [] (closed) or up to two { open, close } HH:MM intervals; close < open runs past midnight, 24:00 is midnight",
  }),
  closures: z.array(z.object({ from: z.string(), to: z.string() })).meta({ description: "Holiday closures, YYYY-MM-DD inclusive, in the restaurant's zone" }),
  openNow: z.boolean().meta({ description: "Open at the time of the answer (hours and closures; not whether it is taking orders: servicing)" }),
  nextChange: instant.nullable().meta({ description: "When openNow next changes; null when not within the coming week (open around the clock, or no hours)" }),
  pausedUntil: instant
    .nullable()
    .meta({ description: "The owner paused new orders until this instant (orders for now are a 409 until then; slots from then on are taken); null: not paused" }),
  busyExtraMinutes: z.number().int().meta({ description: "Minutes the kitchen adds to every prep time while busy (0, 10 or 20); the delivery estimate includes them" }),
  autoAccept: z.boolean().meta({ description: "New orders are accepted at once with defaultPrepMinutes" }),
  defaultPrepMinutes: z.number().int().meta({ description: "The prep time an order accepted automatically gets (5-90)" }),
  minOrder: money.nullable().meta({
    description:
      "The restaurant's minimum order (item subtotal, in its market's currency: dollars, whole yen): a checkout below it is a 422 naming `subtotal`; null: none",
  }),
  freeDeliveryOver: money
    .nullable()
    .meta({ description: "Free delivery from this item subtotal on (its market's currency), paid by the restaurant; the priority surcharge stays; null: none" }),
  storeImage: z.string(),
  priceLevel: stored(PRICE_LEVELS),
  rating: z.number().nullable().meta({ description: "Mean restaurant rating to one decimal; null without reviews" }),
  numReviews: z.number().int(),
  suspension: z
    .object({ at: instant, reason: z.string() })
    .optional()
    .meta({ description: "Present on the owner's own reads while a Nosh operator has the restaurant suspended, with the reason" }),
});
export type RestaurantJson = z.infer<typeof restaurantSchema>;

/** One page of restaurants; `nextOffset` is null on the last page. */
export const restaurantPageSchema = z.object({
  restaurants: z.array(restaurantSchema),
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable(),
});

/** A range of minutes after ordering now, and as the spec writes it. */
const minutesRange = z.object({
  minMinutes: z.number().int().min(0),
  maxMinutes: z.number().int().min(0),
  text: z.string().meta({ description: '"20-35 min"' }),
});

/** The arrival quoted before ordering (lib/server/orders/arrival-quotes.ts). */
export const arrivalQuoteSchema = z.object({
  restaurantId: id,
  addressKnown: z.boolean().meta({
    description:
      "Quoted for an address (from the kitchen's queue and prep time, the distance at a courier's speed and the couriers free near the restaurant); false: no address, the spec's range moved by the kitchen's busy and paused minutes",
  }),
  km: z.number().nullable().meta({ description: "Restaurant to the address, straight line, one decimal; null without an address" }),
  standard: minutesRange,
  priority: minutesRange,
});
export type ArrivalQuoteJson = z.output<typeof arrivalQuoteSchema>;

/** The restaurant's on-time record: of its latest deliveries with a promise, the share delivered by the end of their range. */
export const onTimeSchema = z
  .object({
    onTime: z.number().int().min(0),
    of: z.number().int().min(20).max(50),
    percent: z.number().int().min(0).max(100),
    text: z.string().meta({ description: '"On time 87% of the last 50"' }),
  })
  .nullable()
  .meta({ description: "The share of its last 50 deliveries with a promise that arrived by the end of their range; null until it has 20" });
export type OnTimeJson = z.output<typeof onTimeSchema>;
