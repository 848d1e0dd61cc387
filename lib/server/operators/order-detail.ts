import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import { centsToDollars } from "@/lib/shared/money/money";
import { isOpenStage, statusOf } from "@/lib/shared/orders/order-stages";
import { readRefundRoom } from "../ledger/refundable";
import { disputeOfOrder } from "../payments/queries/disputes";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { readSql } from "../platform/sql";
import type { Operator } from "../platform/operator";
import { attentionJson, needsAttention } from "./orders";
import { said } from "@/lib/shared/words/said";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { flagsOf, reasonOf, reasonText } from "@/lib/shared/words/stored-texts";
import { flagReasonOf } from "../dispatch/job-words";

// One order as an operator sees it (/admin/orders/{id}, GET /api/admin/orders/{id}): its
// timeline, its delivery, its money (the provider's payment, every ledger entry and line) and
// what may be done to it (refund, cancel, reassign: order-actions.ts). Seven reads, whatever the order.

/** Events the timeline leaves out: a courier's position every few seconds, a bell's wake-up. */
const NOT_IN_TIMELINE = ["courier_position", "notification"];
const orderEntries = (tx: Tx, orderId: number) =>
  tx.ledgerEntry.findMany({
    where: { orderId },
    select: { id: true, kind: true, key: true, createdAt: true, lines: { select: { account: true, amountCents: true }, orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });

const nameOf = (user: { firstName: string | null; lastName: string | null; email: string | null; id: number }) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email || `User #${user.id}`;

export async function operatorOrderDetail(_operator: Operator, orderId: number, now = new Date()) {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      stage: true,
      userId: true,
      restaurantId: true,
      restaurantName: true,
      pickup: true,
      paymentMethod: true,
      subtotalCents: true,
      deliveryFeeCents: true,
      priorityFeeCents: true,
      serviceFeeCents: true,
      tipCents: true,
      discountCents: true,
      taxCents: true,
      totalCents: true,
      currency: true,
      submittedAt: true,
      closedAt: true,
      rejectionReason: true,
      rejectionKey: true,
      rejectionValues: true,
      user: { select: { id: true, firstName: true, lastName: true, email: true } },
      orderItems: { select: { id: true, name: true, quantity: true, priceCents: true }, orderBy: { id: "asc" } },
    },
  });
  if (!order || order.stage === null) throw notFound(said("messages.orderNotFound"));
  const rejection = reasonOf(order);
  const [events, job, payments, entries, attention, room, dispute] = await Promise.all([
    db.orderEvent.findMany({ where: { orderId, stage: { notIn: NOT_IN_TIMELINE } }, select: { stage: true, at: true, detail: true }, orderBy: { id: "asc" }, take: 200 }),
    db.deliveryJob.findUnique({ where: { orderId } }),
    db.payment.findMany({
      where: { orderId },
      select: { id: true, brand: true, last4: true, state: true, amountCents: true, capturedCents: true, refundedCents: true },
      orderBy: { id: "asc" },
    }),
    orderEntries(db, orderId),
    isOpenStage(order.stage) ? needsAttention(now) : Promise.resolve([]),
    // What is left to refund: the shared guard's (ledger/refundable.ts), a disputed charge's bank return deducted.
    readSql().then((sql) => readRefundRoom(sql, order)),
    readSql().then((sql) => disputeOfOrder(sql, orderId)),
  ]);
  const courier = job?.courierId ? await db.user.findUnique({ where: { id: job.courierId }, select: { id: true, firstName: true, lastName: true, email: true } }) : null;
  // Calls and texts through the delivery's relay number (calls/webhooks.ts): who by side, when, how long; never a number or the words.
  const calls = job
    ? await db.relayCall.findMany({
        where: { jobId: job.id },
        orderBy: { id: "asc" },
        take: 50,
        select: { kind: true, fromSide: true, status: true, durationSeconds: true, createdAt: true },
      })
    : [];
  const refundable = room.cents;
  const open = isOpenStage(order.stage);
  // The order's amounts in major units of its currency; the courier's pay is in the default market's (couriers are paid in it).
  const major = majorIn(order.currency);
  return {
    id: order.id,
    stage: order.stage,
    status: statusOf(order.stage),
    restaurant: { id: order.restaurantId, name: order.restaurantName },
    customer: { id: order.user.id, name: nameOf(order.user), email: order.user.email },
    pickup: order.pickup,
    paymentMethod: order.paymentMethod,
    /** Every amount's (ISO 4217): the order's restaurant's market's. */
    currency: order.currency,
    submittedAt: order.submittedAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
    rejectionReason: rejection ? reasonText(rejection, ENGLISH.server.storedTexts.choices) : order.rejectionReason,
    rejection,
    attention: attentionJson(attention.find((row) => row.id === order.id)),
    items: order.orderItems.map((item) => ({ name: item.name, quantity: item.quantity, price: major(item.priceCents) })),
    amounts: {
      subtotal: major(order.subtotalCents),
      deliveryFee: major(order.deliveryFeeCents + order.priorityFeeCents),
      serviceFee: major(order.serviceFeeCents),
      tip: major(order.tipCents),
      discount: major(order.discountCents),
      tax: major(order.taxCents),
      total: major(order.totalCents),
    },
    timeline: events.map((event) => ({ stage: event.stage, at: event.at.toISOString() })),
    delivery: job
      ? {
          id: job.id,
          state: job.state,
          courier: courier ? { id: courier.id, name: nameOf(courier) } : null,
          pay: centsToDollars(job.payCents),
          flagReason: flagReasonOf(job),
          flags: flagsOf(job.flags),
          payDecision: job.payDecision as "approved" | "refused" | null,
          calls: calls.map((call) => ({
            kind: call.kind as "call" | "text",
            from: call.fromSide as "customer" | "courier",
            status: call.status,
            seconds: call.durationSeconds,
            at: call.createdAt.toISOString(),
          })),
        }
      : null,
    payments: payments.map((p) => ({
      id: p.id,
      card: `${p.brand} ·${p.last4}`,
      state: p.state,
      amount: major(p.amountCents),
      captured: major(p.capturedCents),
      refunded: major(p.refundedCents),
    })),
    ledger: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      key: entry.key,
      at: entry.createdAt.toISOString(),
      lines: entry.lines.map((line) => ({ account: line.account, amount: major(line.amountCents) })),
    })),
    refundable: major(refundable),
    /** The card charge's dispute with its bank (the newest), else null: while open or lost, no refund goes back to the card. */
    dispute: dispute
      ? { id: dispute.id, status: dispute.status, amount: major(dispute.amountCents), withdrawn: major(room.card.disputedCents), absorbed: dispute.absorbedAt !== null }
      : null,
    can: {
      refund: refundable > 0,
      cancel: open,
      reassign: open && !order.pickup && (job ? ["unassigned", "offered", "assigned", "at_pickup"].includes(job.state) : order.stage === "ready"),
    },
  };
}

export type OperatorOrderDetailJson = Awaited<ReturnType<typeof operatorOrderDetail>>;
