import { z } from "zod";
import { ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { DELIVERY_OPTIONS, DROPOFF_CHOICES, ORDER_PAYMENT_METHODS, ORDER_STATUSES } from "@/lib/shared/constants";
import { id, instant, money, stored, storedReason } from "../common/schemas";
import { orderPromotionSchema } from "../promotions/schemas";
import { orderDeliverySchema } from "../deliveries/schemas";
import { priceLines } from "./quote-schemas";

// An order's JSON: its lines, as its owner sees it, and a reorder's answer (its delivery by a
// courier: delivery-schemas.ts; its price before placing: quote-schemas.ts).

export const orderLineSchema = z.object({
  id,
  menu_item_id: id.nullable().meta({ description: "Null once the dish was deleted" }),
  menu_item_name: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1).max(99),
  price: money.meta({ description: "Dollars per unit when the line was ordered, chosen options included (equals unitPrice)" }),
  unitPrice: money.meta({ description: "Dollars per unit when the line was ordered: the dish's price plus its options' deltas" }),
  currentPrice: money.meta({ description: "Today's unit price (options included) while the order is Active; else equals price" }),
  unavailable: z.boolean().meta({
    description: "Active orders: the dish, one of its chosen options (removed or sold out) or its restaurant can no longer be ordered",
  }),
  soldOut: z
    .boolean()
    .meta({ description: "Active orders: the restaurant marked the dish sold out (until its next opening); submit refuses the order until the line is removed" }),
  restaurant_id: id,
  customizations: z.string().nullable(),
  options: z
    .array(
      z.object({
        optionId: id.nullable().meta({ description: "Null once the option was removed from the menu" }),
        group: z.string().meta({ description: "The group's name when ordered" }),
        name: z.string(),
        priceDelta: money,
      }),
    )
    .meta({ description: "The choices as they were priced (copies: later menu edits never change them)" }),
  dietLabels: z.array(z.enum(DIET_CODES)).meta({
    description:
      "The dish's diet labels less those its chosen options take away (pepperoni: not vegetarian), as the menu now declares them; none once the dish is deleted",
  }),
  allergens: z.array(z.enum(ALLERGENS)).meta({ description: "The dish's allergens with those its chosen options add, as the menu now declares them" }),
  instructions: z.string().nullable().meta({ description: "The customer's special instructions" }),
  addedBy: z.string().nullable().meta({ description: "A group order's line: the display name of who added it; else null" }),
});

/** The delivery address an order keeps (lib/server/addresses/order-copy.ts DeliveryCopy). */
const orderAddressSchema = z.object({
  label: z.string().nullable().meta({ description: "The book entry's label (Home, Work, custom), null for a profile or guest address" }),
  address: z.string().nullable(),
  unit: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  instructions: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const orderSchema = z.object({
  id,
  status: stored(ORDER_STATUSES),
  /** Added with markets: the spec's fields are unchanged. */
  currency: z.string().meta({ description: "ISO 4217 code of every amount of the order (its restaurant's market's): USD in the default market" }),
  totalCost: money,
  ...priceLines,
  discount: money.meta({ description: "The promotion's discount, already taken off totalCost (0 without one)" }),
  tax: money.meta({
    description:
      "Sales tax of the restaurant's jurisdiction, included in totalCost, apart from serviceFee (the spec's 10 % \"tax and fees\", unchanged); 0 where no rate applies (then totalCost is the spec's exactly)",
  }),
  taxRate: z.number().nullable().meta({ description: "The rate the order was taxed at, in percent (8.625); null when none applied" }),
  taxJurisdiction: z.string().nullable().meta({ description: 'The rate\'s jurisdiction: "CA 941" (a ZIP prefix) or "CA"; null when none applied' }),
  promotion: orderPromotionSchema.nullable().meta({ description: "The promotion the order took (docs/architecture/promotions.md), or null" }),
  deliveryOption: stored(DELIVERY_OPTIONS).nullable(),
  scheduledFor: instant.nullable(),
  dropoff: stored(DROPOFF_CHOICES).meta({ description: "hand_to_me (the default) or leave_at_door: the courier then photographs it" }),
  dropoffPhotoUrl: z
    .string()
    .nullable()
    .meta({ description: "The courier's photo of a left-at-the-door order (GET, the customer, its courier and operators), until the problem-report window closes" }),
  paymentMethod: stored(ORDER_PAYMENT_METHODS)
    .nullable()
    .meta({ description: "card or wallet; door: a phone order paid to the restaurant's own staff at pickup or at the door; null while Active" }),
  createdAt: instant,
  restaurantId: id.nullable().meta({ description: "Null once the restaurant was deleted" }),
  restaurant: z.object({ id: id.nullable(), name: z.string(), storeImage: z.string().nullable() }),
  fromOwnRestaurant: z.boolean().meta({ description: "The customer owns the restaurant (no review)" }),
  orderItems: z.array(orderLineSchema),
  review: z.object({ id, orderRating: z.number().int() }).nullable(),
  submittedAt: instant.nullable().meta({ description: "When the order was placed; null while Active" }),
  stage: z.enum(ORDER_STAGES).nullable().meta({
    description:
      "The live lifecycle once placed (null while Active): placed -> accepted -> ready -> out_for_delivery -> delivered; or rejected (by the restaurant), canceled (by the customer while placed), expired (not accepted in time). delivered is status Completed; rejected, canceled and expired are status Canceled.",
  }),
  prepMinutes: z.number().int().min(5).max(90).nullable().meta({ description: "The restaurant's preparation estimate, given on accepting" }),
  prepAddedMinutes: z
    .number()
    .int()
    .min(0)
    .meta({ description: "The minutes the kitchen added after accepting (its +5 / +10, summed): why the arrival window moved; 0 when none" }),
  estimatedReadyAt: instant.nullable(),
  estimatedArrivalFrom: instant.nullable().meta({ description: "Start of the estimated arrival window; moves as steps happen" }),
  estimatedArrivalTo: instant.nullable(),
  promisedArrival: z
    .object({
      minMinutes: z.number().int().min(0),
      maxMinutes: z.number().int().min(0),
      text: z.string().meta({ description: 'As checkout showed it: "20-35 min"' }),
    })
    .nullable()
    .meta({
      description:
        "The arrival range checkout showed before ordering, in minutes after `submittedAt`, kept as promised (from the kitchen's queue, the distance and the couriers near the restaurant; the window until the kitchen accepts); null for pickup, a scheduled slot, or an order placed before promises were kept",
    }),
  actualMinutes: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: "Minutes from `submittedAt` to delivered, once a delivery for now is delivered (against `promisedArrival`: the on-time record); null before" }),
  rejectionReason: z.string().nullable().meta({ description: "The restaurant's reason when rejected, or why the order expired" }),
  rejection: storedReason
    .nullable()
    .meta({ description: "`rejectionReason` as the catalogue's key (server.storedTexts.choices) and its values, for a screen to write in its reader's language" }),
  timeline: z.array(z.object({ stage: z.enum(ORDER_STAGES), at: instant })).meta({ description: "Every step so far, oldest first" }),
  group: z
    .object({
      hostName: z.string(),
      participants: z.array(z.object({ name: z.string(), subtotal: money })),
      member: z.object({ name: z.string(), subtotal: money }).optional().meta({
        description: "Only when read by someone who took part without placing it: their name on the receipt and their share (they may read the order, not act on it)",
      }),
    })
    .nullable()
    .meta({
      description: "A group order's receipt: who placed it and each person's subtotal (people with items, in the order they added them); null for an order of one",
    }),
  deliveryAddress: orderAddressSchema.nullable().meta({
    description:
      "Where the delivery goes: the copy of the address-book entry (or profile address) the order was placed with, never the live book; null for pickup, an order placed before the copy, and for a group's participant or the restaurant reading it (but a phone order's, which the restaurant's staff deliver)",
  }),
  courier: z
    .object({ id, firstName: z.string() })
    .nullable()
    .meta({ description: "The Nosh courier delivering it, from assigned on (docs/architecture/couriers.md); else null" }),
  delivery: orderDeliverySchema
    .nullable()
    .meta({ description: "The delivery job: null for a pickup order, or before the restaurant accepted it (or when it had no coordinates)" }),
});
export type OrderJson = z.infer<typeof orderSchema>;

/** An order as its restaurant's owner sees it: plus the first name the kitchen calls out. */
/** Who took a restaurant's step on an order (docs/architecture/team.md): the board's and the ticket's audit. */
export const orderActionSchema = z.object({
  action: z.string().meta({ description: "The stage it moved to (accepted, rejected, ready...), prep (more time) or courier_assigned" }),
  firstName: z.string(),
  role: z.enum(["owner", "manager", "staff"]),
  roleLabel: z.string(),
  at: z.iso.datetime(),
});
export const incomingOrderSchema = orderSchema.extend({
  customer: z.object({ firstName: z.string() }),
  actions: z.array(orderActionSchema).optional().meta({ description: "The board's: who accepted, rejected or changed it, oldest first" }),
  awaitingPayment: z
    .boolean()
    .optional()
    .meta({ description: "The board's: true while the card's capture failed and the customer has not paid; the order cannot move past accepted until they do" }),
  dispute: z
    .enum(["needs_response", "under_review", "won", "lost"])
    .optional()
    .meta({ description: "The card charge disputed with the cardholder's bank (a chargeback): its status; absent when not disputed" }),
  phoneOrder: z.object({ phone: z.string() }).optional().meta({
    description:
      "The board's: entered by the restaurant's staff from a phone call (POST /api/manage/{id}/phone-orders), with the number the customer gave; absent otherwise",
  }),
  staffDelivery: z.optional(z.literal(true)).meta({ description: "The board's: delivered by the restaurant's own staff (no Nosh courier or fee)" }),
  allergies: z.array(z.enum(ALLERGENS)).optional().meta({
    description: "The board's and the ticket's: the allergies the customer saved (ALLERGY: peanuts), the kitchen's to heed whatever the dishes declare; absent when none",
  }),
  courierWait: z
    .object({
      from: z.iso.datetime().meta({ description: "When paid waiting starts: the later of the courier's arrival and the promised ready time plus the grace" }),
      until: z.iso.datetime().nullable().meta({ description: "The kitchen's ready mark or the pickup, whichever came first; null while the courier still waits" }),
      centsPerMinute: z.number().int(),
      maxMinutes: z.number().int(),
      paidCents: z.number().int().meta({ description: "What the restaurant paid the courier at pickup; 0 before" }),
    })
    .optional()
    .meta({
      description:
        "The board's: a courier at the restaurant (by position) past the promised ready time is paid for waiting from the restaurant's balance; absent otherwise",
    }),
});
export type IncomingOrderJson = z.infer<typeof incomingOrderSchema>;

export const reorderSchema = z.object({
  order: orderSchema,
  changes: z.object({
    unavailable: z.array(z.string()).meta({ description: "Names of the lines that could not be ordered again" }),
    repriced: z.array(z.object({ name: z.string(), was: money, now: money })).meta({
      description: "Lines whose price changed since the past order: was and now in dollars",
    }),
    choices: z.array(z.object({ menuItemId: id, name: z.string(), message: z.string(), added: z.boolean() })).meta({
      description:
        "Lines whose choices changed: an option removed or sold out today, a group added, instructions no longer taken. added false: the line was left out, choose again; true: added without what message names",
    }),
  }),
});
export type ReorderJson = z.infer<typeof reorderSchema>;

/** An order's packing (docs/architecture/problem-reports.md "Packed and sealed"): GET/PUT /api/manage/{id}/orders/{orderId}/packing. */
export const packingSchema = z.object({
  orderId: z.number().int(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      packedAt: z.iso.datetime().nullable(),
      packedBy: z.string().nullable().meta({ description: "The first name of who ticked it" }),
    }),
  ),
  bags: z.number().int().nullable().meta({ description: "The bags the kitchen packed it in" }),
  bagsConfirmed: z.number().int().nullable().meta({ description: "The bags the courier counted at pickup" }),
  summary: z.string().nullable().meta({ description: '"packed 4/4, Ana, 7:02 PM", the restaurant\'s zone; null while no line is ticked' }),
});
export type PackingJson = z.output<typeof packingSchema>;
