import "server-only";
import type { Order, Prisma } from "@/lib/generated/prisma/client";
import type { OrderStage } from "@/lib/shared/orders/order-stages";
import type { Tx } from "../platform/db";
import { conditionalMove, orNullIfNoMatch, ownerFilter, type MoveAction, type MoveScope } from "../platform/conditional-move";
import { refundOrder, settleOrder } from "../ledger/orders";
import { sqlOf, type Sql } from "../platform/sql";
import { insertOrderEvents } from "../order-events/write";
import type { NotificationInput } from "../notifications/outbox";
import { giveBack } from "../promotions/apply";
import type { IncomingOrderRow } from "./include";
import { incomingOrderRead, incomingOrderRow } from "./page-rows";
import { conflict } from "../platform/errors";
import { awaitingPayment, type Awaiting } from "../payments/queries/order-state";
import { said, word } from "@/lib/shared/words/said";

// Every state change of an order goes through `transition`: the conditional move of
// platform/conditional-move.ts on the state the caller expects, in the caller's transaction (with
// any money it moves). Of two racing calls (a double click, two tabs, an owner and a customer,
// two sweeping processes) one matches the row and the other matches nothing, so nothing changes
// twice; the other hears 404 if the order is not theirs, else 409 saying where the order is.

/** Whose order it must be: the customer's, the restaurant's (ownership checked by the caller), or any (the sweep). */
export type OrderScope = MoveScope<{ userId: number } | { restaurantId: number }>;

export type Step = {
  /** What the order must still be, e.g. `{ stage: "placed" }`. */
  from: Prisma.OrderWhereInput;
  /** The stage entered: sets `stage` (the order's one stored state) and writes its OrderEvent row. */
  to?: OrderStage;
  data?: Prisma.OrderUncheckedUpdateInput;
  /** The 409's message, from the order as it stands. */
  conflict: (current: Order) => string;
  now?: Date;
  /** Notifications sent with the stage's own (recordStage), in its statements. */
  notify?: readonly NotificationInput[];
  /** Whether the order waits for payment (awaitingPayment), when the caller read it already. */
  awaiting?: Awaiting;
  /**
   * Columns the step sets from the order as it stands (the acceptance's promised arrival): the
   * order is then read before its move, not after (transition).
   */
  dataOf?: (order: IncomingOrderRow, tx: Tx) => Promise<Prisma.OrderUncheckedUpdateInput>;
};

export async function transition(tx: Tx, orderId: number, scope: OrderScope, step: Step): Promise<IncomingOrderRow> {
  if (step.dataOf) return readThenMove(tx, orderId, scope, step, step.dataOf);
  // A card order's payment check past accepted is read with the order below (one statement fewer).
  const paidBefore = !!step.to && PAID_BEFORE.has(step.to) && !step.awaiting;
  await moveOrder(tx, orderId, scope, step, !paidBefore);
  // Read once everything is written (its stage event among its timeline), in plain SQL.
  const read = await incomingOrderRead(sqlOf(tx), orderId, paidBefore);
  if (!read) throw new Error(`order ${orderId} moved but not read back`);
  // Refused, the caller's transaction rolls the move and its event back.
  if (paidBefore && read.order.paymentMethod === "card") refuseUnpaid(read.awaiting!, step.to!);
  return read.order;
}

/**
 * A step whose columns come from the order (`dataOf`): the order read first (the same three
 * statements), then moved; the answer is the read with the moved row's columns and the stage's
 * event. Absent or someone else's, the move misses and says so (404 or 409).
 */
async function readThenMove(tx: Tx, orderId: number, scope: OrderScope, step: Step, dataOf: NonNullable<Step["dataOf"]>): Promise<IncomingOrderRow> {
  const now = step.now ?? new Date();
  const read = await incomingOrderRow(sqlOf(tx), orderId);
  const data = read ? await dataOf(read, tx) : {};
  const moved = await moveOrder(tx, orderId, scope, { ...step, now, data: { ...step.data, ...data } });
  const events = step.to ? [...read!.events, { stage: step.to, at: now }] : read!.events;
  return { ...read!, ...moved, events };
}

/**
 * The same step for a caller that answers with something else (a courier's step answers its
 * job): the order's own row as the conditional UPDATE returned it, its lines and timeline unread.
 * `checkPaid` false: the caller checks the payment itself (transition, with its read).
 */
export async function moveOrder(tx: Tx, orderId: number, scope: OrderScope, step: Step, checkPaid = true): Promise<Order> {
  const owner = ownerFilter(scope);
  const now = step.now ?? new Date();
  const data: Prisma.OrderUncheckedUpdateInput = { ...step.data };
  if (step.to) data.stage = step.to;
  const order = await conditionalMove({
    what: word("order"),
    update: () => orNullIfNoMatch(tx.order.update({ where: { ...step.from, id: orderId, ...owner }, data })),
    current: () => tx.order.findFirst({ where: { id: orderId, ...owner } }),
    conflict: step.conflict,
  });
  if (checkPaid && step.to && order.paymentMethod === "card" && PAID_BEFORE.has(step.to))
    refuseUnpaid(step.awaiting ?? (await awaitingPayment(sqlOf(tx), order.id)), step.to);
  if (step.to) await recordStage(sqlOf(tx), { ...order, events: [] }, step.to, now, step.notify);
  // Every path into delivered comes through here: the order's money is split (lib/server/ledger/orders.ts).
  if (step.to === "delivered") {
    await recordActualMinutes(tx, order, now);
    await settleOrder(sqlOf(tx), order.id, now);
  }
  return order;
}

/**
 * A delivery for now, delivered: the minutes it took from placing, kept beside the range it was
 * promised (the on-time record: the restaurant page's share, the owner's calibration). A pickup and
 * a scheduled slot keep none.
 */
async function recordActualMinutes(tx: Tx, order: Order, now: Date): Promise<void> {
  if (order.pickup || order.scheduledFor || !order.submittedAt) return;
  const actualMinutes = Math.max(0, Math.round((now.getTime() - order.submittedAt.getTime()) / 60_000));
  await tx.order.update({ where: { id: order.id }, data: { actualMinutes } });
  order.actualMinutes = actualMinutes;
}

/** The stages past accepted, each with what the 409 says could not be done. */
const PAID_BEFORE = new Map<OrderStage, MoveAction>([
  ["ready", "markedReady"],
  ["out_for_delivery", "pickedUp"],
  ["delivered", "delivered"],
]);

/**
 * A card order whose capture failed is held at accepted until it is paid (payments/order-payment.ts
 * fixHeldPayment), or canceled when it is not in time (orders/unpaid.ts): the move past it is a 409
 * naming the payment, and the caller's transaction (the conditional move with it) rolls back.
 */
function refuseUnpaid({ link, captureFailed }: Awaiting, to: OrderStage): void {
  // A phone order's payment link not paid yet (payments/pay-link.ts) is held the same way.
  if (!link && !captureFailed) return;
  const why = said(link ? "rules.moves.unpaidLink" : "rules.moves.unpaidCard");
  const message = said("rules.moves.unpaid", { why, action: said(`rules.moves.actions.${PAID_BEFORE.get(to)!}`) });
  throw conflict(message, { payment: said("rules.handlers.waitingPayment") });
}

/**
 * The stage an order entered, written down: its OrderEvent row (the timeline, and what the live
 * event streams send, and the notifications it causes: the one INSERT the delivery events share, order-events/write.ts), the event added to `order.events` for the answer, and this process's hub
 * woken. Shared by transition() and placeOrder (an order inserted already placed). An INSERT
 * without RETURNING: nothing of the row is read back.
 */
export async function recordStage(
  sql: Sql,
  order: { id: number; userId: number; restaurantId: number | null; events: { stage: string; at: Date }[]; dropoffPhoto?: string | null },
  stage: OrderStage,
  now: Date,
  notify: readonly NotificationInput[] = [],
): Promise<void> {
  // Delivered with the courier's drop-off photo: the delivered notification shows it (notifications/of-events.ts).
  const detail = stage === "delivered" && order.dropoffPhoto ? { dropoffPhoto: true } : null;
  await insertOrderEvents(sql, [{ orderId: order.id, userId: order.userId, restaurantId: order.restaurantId, stage, detail }], now, notify);
  order.events.push({ stage, at: now });
}

/**
 * An order that ends without food (canceled, rejected, expired) no longer backs a review: one
 * written while it was placed goes, with the restaurant's rating moved back, in the same
 * transaction. The contract lets a submitted order be reviewed before the restaurant accepts it,
 * so without this a free card order nobody ever accepts left a one-star review behind.
 */
async function withdrawReview(tx: Tx, orderId: number): Promise<void> {
  const review = await tx.review.findUnique({ where: { orderId }, select: { id: true, restaurantId: true, restaurantRating: true, hiddenAt: true } });
  if (!review) return;
  await tx.review.delete({ where: { id: review.id } });
  // A review an operator hid is already out of the rating.
  if (!review.hiddenAt)
    await tx.restaurant.update({ where: { id: review.restaurantId }, data: { ratingSum: { decrement: review.restaurantRating }, numReviews: { decrement: 1 } } });
}

/** The one refund rule: every line the order's money wrote is reversed in one ledger entry (a wallet payment back to the wallet in full, a card's to the card). */
export async function refund(tx: Tx, order: Pick<Order, "id" | "userId" | "paymentMethod" | "totalCents">): Promise<void> {
  await refundOrder(sqlOf(tx), order.id);
}

/** "This order is being prepared, so it cannot be marked ready", said with the stage's and the action's words. */
export function wrongStage(current: Order, action: MoveAction): string {
  const stage = current.stage ? (current.stage as OrderStage) : "checkout";
  return said("rules.moves.order", { stage: said(`rules.moves.orderStages.${stage}`), action: said(`rules.moves.actions.${action}`) });
}

/** An order closed without food (canceled, rejected, expired): its refund, its review withdrawn, and its promotion's redemption given back. */
export async function endedWithoutFood(tx: Tx, order: Pick<Order, "id" | "userId" | "paymentMethod" | "totalCents">): Promise<void> {
  await refund(tx, order);
  await withdrawReview(tx, order.id);
  await giveBack(sqlOf(tx), order.id);
}
