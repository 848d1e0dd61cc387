import "server-only";
import { unavailableDishesMessage } from "@/lib/order-changes";
import { priceOrder, subtotalOf } from "@/lib/pricing";
import { isBookableSlot } from "@/lib/schedule";
import { CHECKOUT_MESSAGES, type SubmitOrderInput } from "@/lib/validation/checkout";
import { db, type Tx } from "./db";
import { ApiError, badRequest, conflict, isRecordNotFound, notFound } from "./errors";
import { moveWallet } from "./ledger";
import { orderInclude } from "./orders";
import type { SessionUser } from "./session";

// Every movement of an order's money happens in one transaction with the status change it
// belongs to, and every status change is a conditional update on the expected status, so a
// second submit or cancel (even a concurrent one) changes nothing and charges nothing.

/**
 * Active -> Submitted: prices the order on the server from today's menu (each line takes the
 * dish's current price; a dish removed since, or a restaurant no longer taking orders, is a 409
 * naming it and changes nothing), then fees, tax and tip; validates a scheduled slot, and for
 * wallet payment deducts exactly that total with a ledger row. A short wallet is a 400 and
 * nothing changes, and so is a 409 when the client's expectedTotal is not that total.
 */
export async function submitOrder(tx: Tx, user: SessionUser, orderId: number, input: SubmitOrderInput, now = new Date()) {
  const order = await tx.order.findFirst({
    where: { id: orderId, userId: user.id },
    include: {
      restaurant: { select: { servicing: true, closingTime: true, ownerId: true } },
      orderItems: { orderBy: orderInclude.orderItems.orderBy, include: orderInclude.orderItems.include },
    },
  });
  if (!order) throw notFound("Order");
  if (order.status !== "Active") throw conflict(`This order was already ${order.status.toLowerCase()}`);
  if (!order.restaurant?.servicing) throw conflict("This restaurant is not taking orders right now");
  const gone = order.orderItems.filter((line) => !line.menuItem).map((line) => line.name);
  if (gone.length) {
    const message = unavailableDishesMessage(gone);
    throw conflict(message, { items: message });
  }

  let scheduledFor: Date | null = null;
  if (input.deliveryOption === "schedule") {
    scheduledFor = new Date(input.scheduledFor!);
    if (!isBookableSlot(scheduledFor, now, order.restaurant.closingTime)) {
      throw badRequest(CHECKOUT_MESSAGES.badSlot, { scheduledFor: CHECKOUT_MESSAGES.badSlot });
    }
  }
  // Today's prices: the lines are rewritten in this transaction, so the order, its lines and the
  // charge agree (and a refused submit below rolls them back).
  const orderItems = [];
  for (const line of order.orderItems) {
    const today = line.menuItem!.priceCents;
    if (line.priceCents !== today) await tx.orderItem.update({ where: { id: line.id }, data: { priceCents: today } });
    orderItems.push({ ...line, priceCents: today });
  }
  const price = priceOrder(subtotalOf(orderItems), input.deliveryOption, input.tip !== undefined ? { cents: input.tip } : { percent: input.tipPercent! });
  // The page sends the total it showed: a price changed since then is shown, never charged unseen.
  if (input.expectedTotal !== undefined && input.expectedTotal !== price.totalCents) {
    throw conflict(CHECKOUT_MESSAGES.pricesChanged, { expectedTotal: CHECKOUT_MESSAGES.pricesChanged });
  }
  // A conditional update (still Active, UPDATE ... RETURNING): a concurrent second submit
  // matches no row and changes nothing. A just-submitted order has no review yet.
  let submitted;
  try {
    submitted = await tx.order.update({
      where: { id: order.id, status: "Active" },
      data: {
        ...price,
        status: "Submitted",
        deliveryOption: input.deliveryOption,
        scheduledFor,
        paymentMethod: input.paymentMethod,
        submittedAt: now,
      },
    });
  } catch (error) {
    if (isRecordNotFound(error)) throw conflict("This order was already submitted");
    throw error;
  }
  if (input.paymentMethod === "wallet") {
    await moveWallet(tx, { userId: user.id, amountCents: -price.totalCents, kind: "payment", orderId: order.id }, CHECKOUT_MESSAGES.insufficientFunds);
  }
  return { ...submitted, orderItems, review: null, restaurant: { ownerId: order.restaurant.ownerId, servicing: order.restaurant.servicing } };
}

/**
 * Submitted -> Canceled (by the customer, or by the restaurant's owner through manage):
 * a wallet payment is refunded in the same transaction.
 */
export async function cancelSubmittedOrder(
  tx: Tx,
  where: { id: number; userId?: number; restaurantId?: number },
  conflictMessage = "Only a submitted order can be canceled",
) {
  const order = await tx.order.findFirst({ where });
  if (!order) throw notFound("Order");
  const updated = await tx.order.updateMany({ where: { ...where, status: "Submitted" }, data: { status: "Canceled", closedAt: new Date() } });
  if (updated.count !== 1) throw conflict(conflictMessage);
  if (order.paymentMethod === "wallet" && order.totalCents > 0) {
    await moveWallet(tx, { userId: order.userId, amountCents: order.totalCents, kind: "refund", orderId: order.id });
  }
  return tx.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
}

/** Leaving checkout: the customer's Active order is deleted, not left to pile up. */
export async function abandonOrder(user: SessionUser, orderId: number): Promise<void> {
  const deleted = await db.order.deleteMany({ where: { id: orderId, userId: user.id, status: "Active" } });
  if (deleted.count === 1) return;
  const exists = await db.order.findFirst({ where: { id: orderId, userId: user.id }, select: { status: true } });
  if (!exists) throw notFound("Order");
  throw new ApiError("conflict", "Only an order still at checkout can be abandoned");
}

/** What changed between a past order and the menu today, for "Reorder". */
export type ReorderChanges = { unavailable: string[]; repriced: { name: string; was: number; now: number }[] };

/** Lines of a past order that can still be bought, at today's prices, and what changed. */
export async function reorderLines(user: SessionUser, orderId: number) {
  const order = await db.order.findFirst({ where: { id: orderId, userId: user.id }, include: { orderItems: { include: { menuItem: true } } } });
  if (!order) throw notFound("Order");
  const changes: ReorderChanges = { unavailable: [], repriced: [] };
  const items: { menuItemId: number; quantity: number }[] = [];
  for (const line of order.orderItems) {
    if (!line.menuItem || line.menuItem.restaurantId !== order.restaurantId) {
      changes.unavailable.push(line.name);
      continue;
    }
    if (line.menuItem.priceCents !== line.priceCents) {
      changes.repriced.push({ name: line.menuItem.name, was: line.priceCents, now: line.menuItem.priceCents });
    }
    items.push({ menuItemId: line.menuItem.id, quantity: line.quantity });
  }
  if (!order.restaurantId || !items.length) throw conflict("Nothing from this order can be ordered again", { items: "unavailable" });
  return { restaurantId: order.restaurantId, items, changes };
}
