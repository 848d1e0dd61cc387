import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import type { OrderDeliveryInfo } from "../dispatch/order-delivery";

// What every order read includes: its lines (with today's price) and their chosen options (the
// copies, with today's delta and sold-out date of the options still on the menu), its review, the
// parts of its restaurant the JSON needs, and its lifecycle events (the timeline). Lists load
// each relation in the same findMany (one more statement for the page, not one per order).

export const orderLineOptionsInclude = {
  orderBy: { position: "asc" },
  include: { option: { select: { priceDeltaCents: true, soldOutOn: true, allergens: true, removesLabels: true } } },
} satisfies Prisma.OrderItem$optionsArgs;

export const orderInclude = {
  orderItems: {
    orderBy: { id: "asc" },
    include: { menuItem: { select: { priceCents: true, soldOutUntil: true, allergens: true, dietLabels: true } }, options: orderLineOptionsInclude },
  },
  review: { select: { id: true, orderRating: true } },
  restaurant: { select: { ownerId: true, servicing: true, deliveryTime: true, timeZone: true, busyExtraMinutes: true, busyUntil: true } },
  // The promotion the order took (docs/architecture/promotions.md): the JSON's `promotion`.
  promotion: { select: { id: true, code: true, kind: true, value: true, maxDiscountCents: true, minSubtotalCents: true, firstOrderOnly: true } },
  // The timeline: stage rows only (the delivery events beside them are for the live streams).
  events: { where: { stage: { in: [...ORDER_STAGES] } }, orderBy: { id: "asc" }, select: { stage: true, at: true } },
} satisfies Prisma.OrderInclude;
/** `delivery`: the courier and delivery of the JSON, attached by the reads (dispatch/order-delivery.ts withDeliveries); absent reads as none. */
export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }> & { delivery?: OrderDeliveryInfo | null };

/** An order as its restaurant sees it: plus the customer's first name and the allergies they saved (nothing more). */
export const incomingOrderInclude = {
  ...orderInclude,
  user: { select: { firstName: true, avoidAllergens: true } },
} satisfies Prisma.OrderInclude;
export type IncomingOrderRow = Prisma.OrderGetPayload<{ include: typeof incomingOrderInclude }> & { delivery?: OrderDeliveryInfo | null };

/** What placing an Active order reads of its restaurant (orders/place.ts priceActiveOrder): the checks, the radius, pricing and the promise. */
export const placingRestaurantSelect = {
  id: true,
  ownerId: true,
  servicing: true,
  suspendedAt: true,
  name: true,
  closingTime: true,
  timeZone: true,
  hours: true,
  closures: true,
  lat: true,
  lng: true,
  deliveryRadiusKm: true,
  pausedUntil: true,
  capacityPer15: true,
  minOrderCents: true,
  freeDeliveryOverCents: true,
  marketId: true,
  defaultPrepMinutes: true,
  busyExtraMinutes: true,
  busyUntil: true,
} satisfies Prisma.RestaurantSelect;
