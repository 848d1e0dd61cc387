import "server-only";
import type { IncomingOrderJson } from "@/lib/contract/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Paging } from "@/lib/validation/browse";
import type { CloseOrderStatus } from "@/lib/validation/manage";
import { db } from "./db";
import { ApiError, notFound } from "./errors";
import { cancelSubmittedOrder } from "./checkout";
import { getOwnedRestaurant, type Actor } from "./manage";
import { orderInclude, orderToJson } from "./orders";

// A restaurant's queue of submitted orders, seen and closed by its owner.

export const ONLY_SUBMITTED_MESSAGE = "Only a submitted order can be completed or canceled";

const incomingOrderInclude = {
  ...orderInclude,
  user: { select: { firstName: true } },
} satisfies Prisma.OrderInclude;
type IncomingOrderRow = Prisma.OrderGetPayload<{ include: typeof incomingOrderInclude }>;

/** The order as customers see it, plus the first name the kitchen calls out (nothing more). */
export function incomingOrderToJson(order: IncomingOrderRow): IncomingOrderJson {
  return { ...orderToJson(order), customer: { firstName: order.user.firstName } };
}
export type { IncomingOrderJson };

/** The restaurant's Submitted orders, newest first, one page. */
export async function listIncomingOrders(actor: Actor, restaurantId: number, paging: Paging): Promise<IncomingOrderRow[]> {
  await getOwnedRestaurant(actor, restaurantId);
  return db.order.findMany({
    where: { restaurantId, status: "Submitted" },
    include: incomingOrderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit,
  });
}

/**
 * Marks a Submitted order Completed or Canceled. The status change is conditional on the order
 * still being Submitted, so of two racing calls (or an owner's and a customer's cancel) one
 * wins and the other gets a 409; a canceled wallet payment is refunded in the same
 * transaction, hence exactly once.
 */
export async function closeIncomingOrder(
  actor: Actor,
  restaurantId: number,
  orderId: number,
  status: CloseOrderStatus,
): Promise<IncomingOrderRow> {
  return db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    if (status === "Canceled") {
      await cancelSubmittedOrder(tx, { id: orderId, restaurantId }, ONLY_SUBMITTED_MESSAGE);
    } else {
      const closed = await tx.order.updateMany({
        where: { id: orderId, restaurantId, status: "Submitted" },
        data: { status, closedAt: new Date() },
      });
      if (closed.count === 0) {
        const exists = await tx.order.findFirst({ where: { id: orderId, restaurantId }, select: { id: true } });
        if (!exists) throw notFound("Order");
        throw new ApiError("conflict", ONLY_SUBMITTED_MESSAGE);
      }
    }
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: incomingOrderInclude });
    return order;
  });
}
