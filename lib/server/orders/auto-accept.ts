import "server-only";
import { ApiError } from "../platform/errors";
import { db } from "../platform/db";
import { acceptOrder } from "./accept";
import { nextTurn } from "../platform/loop-turns";

/** At most this many orders a pass: a pass stays short; the next takes the rest. */
const BATCH = 50;

/**
 * Auto-accept (docs/architecture/kitchen.md): each placed order of a restaurant
 * whose owner switched it on is accepted as the owner would accept it, with the restaurant's
 * default prep time (plus the busy minutes, as every accept adds them) and, for a delivery, its
 * courier job in the same transaction (acceptOrder). Run by the jobs runner every dispatch tick,
 * so an order waits a tick at most; the owner can still reject or cancel it from the board. An
 * order another instance accepted first, or its customer canceled meanwhile, answers acceptOrder's
 * 409 and is left as it is. Returns how many it accepted.
 */
export async function autoAcceptOrders(now = new Date()): Promise<number> {
  const waiting = await db.order.findMany({
    where: { stage: "placed", restaurant: { autoAccept: true } },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true, defaultPrepMinutes: true } } },
    orderBy: { submittedAt: "asc" },
    take: BATCH,
  });
  return movedEach(waiting, (order, owner) => acceptOrder(owner, order.restaurantId, order.id, order.restaurant.defaultPrepMinutes, now));
}

type Waiting = { id: number; restaurantId: number | null; restaurant: { ownerId: number } | null };

/**
 * Moves each order as its restaurant's owner (`move`: acceptOrder, markReady); an order a person or
 * another instance moved first answers the move's 409 and is left as it is. Returns how many moved.
 */
export async function movedEach<T extends Waiting>(
  orders: T[],
  move: (order: T & { restaurantId: number; restaurant: NonNullable<T["restaurant"]> }, owner: { id: number; guestAccount: false; automatic: true }) => Promise<unknown>,
): Promise<number> {
  let moved = 0;
  for (const order of orders) {
    if (order.restaurantId === null || !order.restaurant) continue;
    await nextTurn();
    try {
      await move(order as T & { restaurantId: number; restaurant: NonNullable<T["restaurant"]> }, { id: order.restaurant.ownerId, guestAccount: false, automatic: true });
      moved++;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
  return moved;
}
