import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// What every order read includes: its lines (with today's price), its review, the parts of its
// restaurant the JSON needs, and its lifecycle events (the timeline). Lists load the events in
// the same findMany (one more statement for the page, not one per order).

export const orderInclude = {
  orderItems: { orderBy: { id: "asc" }, include: { menuItem: { select: { priceCents: true } } } },
  review: { select: { id: true, orderRating: true } },
  restaurant: { select: { ownerId: true, servicing: true, deliveryTime: true } },
  events: { orderBy: { id: "asc" }, select: { stage: true, at: true } },
} satisfies Prisma.OrderInclude;
export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/** An order as its restaurant sees it: plus the customer's first name (nothing more). */
export const incomingOrderInclude = {
  ...orderInclude,
  user: { select: { firstName: true } },
} satisfies Prisma.OrderInclude;
export type IncomingOrderRow = Prisma.OrderGetPayload<{ include: typeof incomingOrderInclude }>;
