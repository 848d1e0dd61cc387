import "server-only";
import { HELD_STATES, type JobState } from "@/lib/shared/delivery/delivery";
import { formatCents } from "@/lib/shared/money/money";
import { OPEN_STAGES } from "@/lib/shared/orders/order-stages";
import type { OrderAction } from "@/lib/contract/operators/rules";
import { createJobForOrder } from "../dispatch/create";
import { flushPositions } from "../dispatch/position-batch";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { courierEvent, orderEvent } from "../dispatch/events";
import { releaseHold } from "../dispatch/hold";
import { offerJob } from "../dispatch/offer";
import { moveJob, wrongJobState } from "../dispatch/transition";
import { NO_JOB } from "../dispatch/assign";
import { planRefund, postPartialRefund } from "../ledger/refund";
import { CHARGE_DISPUTED, lockedRefundRoom } from "../ledger/refundable";
import { insertOrderEvents } from "../order-events/write";
import { endedWithoutFood, transition, wrongStage } from "../orders/transition";
import { syncOrderPayment } from "../payments/sync";
import { lockOrderRow } from "../problems/queries";
import { db, type Tx } from "../platform/db";
import { conflict, fieldError, forbidden, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { said } from "@/lib/shared/words/said";
import { reasonColumns } from "@/lib/shared/words/stored-texts";

// An operator's actions on an order (POST /api/admin/orders/{id}, docs/architecture/operator.md
// "Orders"), each one transaction with its audit row and the operator's throttle, through the
// shared pieces: a refund is the ledger's one refund planner and partial-refund writer (as a
// problem report's), a cancel is the order's own transition with its whole refund (as a
// customer's), a reassignment is dispatch's job move, hold release and offer. A card's refund
// reaches the provider after the commit (payments/sync.ts), as every other refund's does.

export const OWN_ORDER = said("messages.operatorOwnOrder");
export const NOTHING_TO_REFUND = said("messages.nothingToRefund");
export const REFUND_RACED = said("messages.refundRaced");
/** The refused amount's field error: the most that is left, in the order's currency. */
export const overRefundable = (refundableCents: number, currency: string) => said("rules.handlers.refundLeft", { amount: formatCents(refundableCents, { currency }) });
export const NOT_REASSIGNABLE = said("messages.notReassignable");

const FOR_REASSIGN: JobState[] = ["unassigned", "offered", "assigned", "at_pickup"];

/** Locks the order, checks the operator is not a party to it, and reads what the actions need. */
async function orderFor(tx: Tx, operator: Operator, orderId: number) {
  if (!(await lockOrderRow(sqlOf(tx), orderId))) throw notFound(said("messages.orderNotFound"));
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      userId: true,
      restaurantId: true,
      stage: true,
      pickup: true,
      paymentMethod: true,
      totalCents: true,
      currency: true,
      restaurant: { select: { ownerId: true } },
    },
  });
  if (!order || order.stage === null) throw notFound(said("messages.orderNotFound"));
  const job = await tx.deliveryJob.findUnique({ where: { orderId } });
  if (order.userId === operator.id || order.restaurant?.ownerId === operator.id || job?.courierId === operator.id) throw forbidden(OWN_ORDER);
  return { order, job };
}

export async function actOnOrder(operator: Operator, orderId: number, input: OrderAction, now = new Date()) {
  // A job it makes or frees is offered in the transaction, from the table: the free couriers' waiting positions go there first.
  await flushPositions();
  const result = await db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const { order, job } = await orderFor(tx, operator, orderId);
    const sql = sqlOf(tx);
    let detail: Record<string, unknown> = {};
    if (input.action === "refund") {
      // What came in, less what went back and what a dispute's bank took back (ledger/refundable.ts): never more.
      const room = await lockedRefundRoom(sql, order);
      if (room.cents <= 0) throw conflict(room.disputed ? CHARGE_DISPUTED : NOTHING_TO_REFUND);
      if (input.amount > room.cents) throw fieldError("amount", overRefundable(room.cents, order.currency));
      // Keyed by the order and the count of the operator refunds before it: two at once, one moves money.
      const before = await tx.ledgerEntry.count({ where: { orderId, key: { startsWith: `operator:${orderId}:refund:` } } });
      const plan = await planRefund(sql, orderId, {
        order,
        items: input.amount,
        fees: 0,
        platformLiable: Boolean(input.nosh),
      });
      const posted = await postPartialRefund(sql, `operator:${orderId}:refund:${before + 1}`, orderId, plan, now);
      if (!posted) throw conflict(REFUND_RACED);
      detail = { amountCents: input.amount, frontedCents: plan.frontedCents, from: input.nosh ? "nosh" : "restaurant" };
    } else if (input.action === "cancel") {
      const canceled = await transition(
        tx,
        orderId,
        { any: true },
        {
          from: { stage: { in: [...OPEN_STAGES] } },
          to: "canceled",
          data: { ...reasonColumns({ key: "operatorCanceled" }), closedAt: now },
          conflict: (current) => wrongStage(current, "canceled"),
          now,
        },
      );
      await endedWithoutFood(tx, canceled);
      await cancelJobForOrder(tx, orderId, now);
      detail = { from: order.stage };
    } else {
      detail = await reassign(tx, order, job, now);
    }
    await recordAudit(tx, operator, { action: `order.${input.action}`, targetType: "order", targetId: orderId, reason: input.reason, detail });
    return { order, detail };
  });
  // A card's money follows at the provider: the refund owed to it (card-refunds), or a void.
  if (result.order.paymentMethod === "card" && input.action !== "reassign") await syncOrderPayment(orderId);
  return { id: orderId, action: input.action, ...result.detail };
}

/**
 * The delivery given to another courier: the courier holding it (before pickup) or offered it is
 * freed and told, the customer and the restaurant hear courier_released, and the job is offered
 * at once to someone else (not them: their offer counts as recent). A ready delivery order with
 * no job (its job was never made) gets one now. Picked up, over, or a pickup order: 409.
 */
async function reassign(
  tx: Tx,
  order: { id: number; stage: string | null; pickup: boolean },
  job: Awaited<ReturnType<Tx["deliveryJob"]["findUnique"]>>,
  now: Date,
): Promise<Record<string, unknown>> {
  if (order.pickup || !order.stage || !(OPEN_STAGES as readonly string[]).includes(order.stage)) throw conflict(NOT_REASSIGNABLE);
  if (!job) {
    if (order.stage !== "ready") throw conflict(NO_JOB);
    const id = await createJobForOrder(tx, order.id, now);
    if (id === null) throw conflict(NO_JOB);
    return { jobId: id, created: true };
  }
  const sql = sqlOf(tx);
  const moved = await moveJob(
    tx,
    job.id,
    { any: true },
    {
      from: FOR_REASSIGN,
      where: { courierId: job.courierId },
      data: { state: "unassigned", courierId: null, assignedAt: null, arrivedAt: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
      conflict: (current) => (current.state === "picked_up" ? NOT_REASSIGNABLE : wrongJobState(current, "reassigned")),
    },
  );
  if (job.courierId !== null) {
    const held = HELD_STATES.includes(job.state as JobState);
    if (held) await releaseHold(sql, job.courierId, now);
    await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: job.courierId, answer: null }, data: { answer: "withdrawn", answeredAt: now } });
    // Not offered back to them at once: their offer counts as recent.
    await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: job.courierId }, data: { offeredAt: now } });
    await insertOrderEvents(
      sql,
      [courierEvent(job, job.courierId, held ? "job_canceled" : "job_withdrawn"), ...(held ? [orderEvent(job, "courier_released")] : [])],
      now,
    );
  }
  await offerJob(tx, moved, now);
  return { jobId: job.id, from: job.state, courierId: job.courierId };
}
