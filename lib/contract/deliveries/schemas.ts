import { z } from "zod";
import { DELIVERY_STATUSES, PAY_WITH } from "@/lib/shared/delivery/deliveries";
import { JOB_STATES } from "@/lib/shared/delivery/delivery";
import { id, instant, money, storedReason } from "../common/schemas";

const point = z.object({ lat: z.number(), lng: z.number() });

/** An order's delivery by a Nosh courier (docs/architecture/couriers.md "API"). */
export const orderDeliverySchema = z.object({
  state: z.enum(JOB_STATES),
  gaveUp: z.boolean().meta({ description: "Nobody accepted within DISPATCH_GIVE_UP_MINUTES; the job is still offered" }),
  arrivedAt: instant.nullable().meta({ description: "When the courier arrived at the restaurant" }),
  handedOverEarly: z
    .boolean()
    .optional()
    .meta({ description: "The courier picked it up before the kitchen marked it ready, confirming the kitchen handed it over (the timeline then has no ready step)" }),
  failureReason: z
    .string()
    .nullable()
    .meta({ description: "A failed delivery: a label from a fixed list (Couldn't reach you, Address not found, Unsafe to deliver, Other), never the courier's words" }),
  failure: storedReason
    .nullable()
    .optional()
    .meta({ description: "`failureReason` as the catalogue's key (server.storedTexts.choices), for a screen to write in its reader's language" }),
  restaurant: point,
  dropoff: point,
  position: point.optional().meta({ description: "The courier, rounded to about 10 m: picked_up only" }),
  distanceKm: z.number().optional().meta({ description: "Courier to the restaurant before pickup, to the drop-off after" }),
  distanceUnit: z.literal("mi").optional().meta({ description: "The restaurant's market shows distances in miles; absent: km" }),
  etaFrom: instant.optional().meta({ description: "Arrival window at the drop-off, following the courier once picked up" }),
  etaTo: instant.optional(),
  ridingWith: z
    .object({
      extraMinutes: z.number().int().meta({ description: "About how many minutes longer this order rides for the other (within the matching's cap, 8 by default)" }),
    })
    .optional()
    .meta({ description: "The courier carries another order in the same trip; absent when this order rides alone" }),
});

// Delivery only (docs/architecture/api-keys.md "Delivery only"): a quote, the delivery it became
// as the restaurant reads it, and the public tracking page's answer (no account, the token's).

export const deliveryQuoteSchema = z.object({
  quoteId: z.string().meta({ description: "What accepting names (POST /api/manage/{id}/deliveries)" }),
  fee: money.meta({ description: "The delivery fee, paid up front on accepting" }),
  tip: money.meta({ description: "The courier's tip, paid up front with the fee" }),
  total: money.meta({ description: "fee + tip: what accepting takes, from the restaurant's available earnings or the owner's card (never on credit)" }),
  payWith: z.enum(PAY_WITH).meta({
    description: "How accepting now would pay `total` unless told otherwise: `earnings` (they cover it) or `card` (the owner's default card)",
  }),
  card: z.string().nullable().meta({ description: "The owner's default card, if any", example: "Visa •••• 4242" }),
  distanceKm: z.number().meta({ description: "Restaurant to drop-off, straight line, one decimal" }),
  pickupEta: instant.meta({ description: "When the courier should pick up: the time asked for, or as soon as the kitchen's usual estimate" }),
  dropoffEta: instant.meta({ description: "When the courier should be at the drop-off" }),
  expiresAt: instant.meta({ description: "Accept before this (5 minutes)" }),
});

const status = z.enum(DELIVERY_STATUSES).meta({ description: "finding_courier, courier_assigned, courier_at_pickup, picked_up, delivered, failed or canceled" });

export const deliverySchema = z.object({
  id,
  quoteId: z.string(),
  orderId: id.nullable().meta({ description: "The Nosh order carrying it (its webhook events name it)" }),
  status,
  statusText: z.string().meta({ example: "Finding a courier" }),
  reference: z.string().nullable(),
  fee: money,
  tip: money,
  orderValue: money.meta({ description: "What the food is worth, as sent; never charged by Nosh" }),
  paidWith: z.enum(PAY_WITH).nullable().meta({ description: "How its fee and tip were paid up front: `earnings` or `card` (null: accepted before payment was asked)" }),
  refunded: money.meta({ description: "What a cancel gave back the way it was paid: to the earnings, or to the card (0 otherwise)" }),
  pickupTime: instant.nullable().meta({ description: "The pickup time asked for; null: as soon as possible" }),
  pickupEta: instant,
  dropoffEta: instant.meta({ description: "The arrival estimate: the quote's, then the courier's as they move" }),
  dropoff: z.object({
    name: z.string(),
    phone: z.string(),
    street: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    notes: z.string().nullable(),
  }),
  courier: z.object({ firstName: z.string() }).nullable().meta({ description: "From when a courier accepted it" }),
  trackingUrl: z.string().meta({ description: "The public tracking page to send your customer (no account needed)" }),
  createdAt: instant,
  closedAt: instant.nullable(),
});

export const trackingSchema = z.object({
  restaurant: z.object({
    name: z.string(),
    timeZone: z.string(),
    distanceUnit: z.enum(["km", "mi"]).meta({ description: "Its market's unit, the one distances are shown in" }),
  }),
  recipient: z.string().meta({ description: "The recipient's first name" }),
  dropoffArea: z.string().meta({ description: "City, state and ZIP of the drop-off (no street)" }),
  status,
  statusText: z.string(),
  courier: z.object({ id, firstName: z.string() }).nullable(),
  delivery: orderDeliverySchema.nullable(),
  eta: z.object({ from: instant, to: instant }).nullable().meta({ description: "The arrival window while it is on its way" }),
  steps: z
    .array(z.object({ stage: z.string(), at: instant }))
    .meta({ description: "What happened and when: accepted, picked up (out_for_delivery), delivered, canceled" }),
});

export type DeliveryQuoteJson = z.infer<typeof deliveryQuoteSchema>;
export type DeliveryJson = z.infer<typeof deliverySchema>;
export type TrackingJson = z.infer<typeof trackingSchema>;
