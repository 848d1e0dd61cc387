import "server-only";
import type { OrderTicketInput, SupportReplyInput, SupportTicketInput } from "@/lib/contract/support/rules";
import { notify } from "../notifications/outbox";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { db, type Tx } from "../platform/db";
import { fieldError, forbidden, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { takeWindowSlot } from "../platform/action-limits";
import { orderByHelpToken } from "./order-access";
import { said, word } from "@/lib/shared/words/said";

// The contact form and the operator's support queue (docs/architecture/help.md): a signed-in
// person's message opens a SupportTicket (linked to one of their orders when they chose one), as
// does a message through an order's help link (a guest's), throttled per person; an operator's reply is a SupportReply, told to the person in their
// notifications and by email through the outbox (kind support_reply), in the reply's transaction.

/** Contact-form messages a person may send an hour; the next is a 429 with Retry-After. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;
const SUPPORT_TOO_MANY = said("messages.supportPerHour");

export type SupportTicketJson = {
  id: number;
  topic: string;
  orderId: number | null;
  message: string;
  status: string;
  createdAt: string;
  replies: { id: number; body: string; createdAt: string }[];
};

const withReplies = { replies: { orderBy: { id: "asc" as const }, select: { id: true, body: true, createdAt: true } } };

function ticketToJson(row: {
  id: number;
  topic: string;
  orderId: number | null;
  message: string;
  status: string;
  createdAt: Date;
  replies: { id: number; body: string; createdAt: Date }[];
}): SupportTicketJson {
  return {
    id: row.id,
    topic: row.topic,
    orderId: row.orderId,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    replies: row.replies.map((reply) => ({ id: reply.id, body: reply.body, createdAt: reply.createdAt.toISOString() })),
  };
}

/** POST /api/support/tickets: the person's message, in the queue; an order named must be theirs (else 400 naming orderId). */
export async function openTicket(user: { id: number; guestAccount: boolean }, input: SupportTicketInput, now = new Date()): Promise<SupportTicketJson> {
  // A guest writes about one of their orders, with its help link (openOrderTicket); without one there is nothing to answer to.
  if (user.guestAccount) throw forbidden(said("rules.handlers.guestSupport"));
  return writeTicket(user.id, input, now, async (tx) => {
    if (!input.orderId) return;
    const order = await tx.order.findFirst({ where: { id: input.orderId, userId: user.id }, select: { id: true } });
    if (!order) throw fieldError("orderId", said("rules.handlers.ownOrder"));
  });
}

/**
 * POST /api/orders/{id}/support: a message about a placed order from whoever holds its help link
 * (order-access.ts: a guest, signed in or not), written as its customer's, in the same queue and
 * under the same hourly limit as theirs. No such order, one not placed, or a token not its own:
 * the same 404, whoever asks.
 */
export async function openOrderTicket(orderId: number, input: OrderTicketInput, now = new Date()): Promise<SupportTicketJson> {
  const order = await orderByHelpToken(orderId, input.token);
  if (!order) throw notFound(said("messages.orderNotFound"));
  return writeTicket(order.userId, { topic: input.topic, orderId: order.id, message: input.message }, now);
}

/** The message, its person's hourly slot taken in its transaction (the 6th in an hour: 429, nothing written). */
async function writeTicket(userId: number, input: SupportTicketInput, now: Date, check?: (tx: Tx) => Promise<void>): Promise<SupportTicketJson> {
  return db.$transaction(async (tx) => {
    await takeWindowSlot(tx, `support:${userId}`, SUPPORT_MESSAGES_PER_HOUR, 3600_000, SUPPORT_TOO_MANY, now);
    await check?.(tx);
    const row = await tx.supportTicket.create({
      data: { userId, topic: input.topic, orderId: input.orderId ?? null, message: input.message },
      include: withReplies,
    });
    return ticketToJson(row);
  });
}

/** The person's own messages, newest first, with the replies (the contact page); `orderId`: those about that order only (its help link's page). */
export async function ticketsOf(userId: number, limit = 20, orderId?: number): Promise<SupportTicketJson[]> {
  const rows = await db.supportTicket.findMany({ where: { userId, ...(orderId ? { orderId } : {}) }, orderBy: { id: "desc" }, take: limit, include: withReplies });
  return rows.map(ticketToJson);
}

export type QueuedTicket = SupportTicketJson & { person: { id: number; name: string; email: string | null } };

/** The operator's queue: open messages first (oldest first), then answered ones (newest first); a page of `limit`. */
export async function supportQueue(
  status: "open" | "answered",
  { limit, offset }: { limit: number; offset: number },
): Promise<{ tickets: QueuedTicket[]; more: boolean }> {
  const rows = await db.supportTicket.findMany({
    where: { status },
    orderBy: { id: status === "open" ? "asc" : "desc" },
    skip: offset,
    take: limit + 1,
    include: { ...withReplies, user: { select: { id: true, firstName: true, lastName: true, email: true } } },
  });
  return {
    tickets: rows.slice(0, limit).map((row) => ({
      ...ticketToJson(row),
      person: { id: row.user.id, name: [row.user.firstName, row.user.lastName].filter(Boolean).join(" "), email: row.user.email },
    })),
    more: rows.length > limit,
  };
}

/**
 * POST /api/admin/support/replies: an operator's reply. The ticket is answered, the person told in
 * their notifications and by email (the reply's text in the mail), and the reply audited, all in
 * one transaction.
 */
export async function replyToTicket(operator: Operator, input: SupportReplyInput): Promise<SupportTicketJson> {
  return db.$transaction(async (tx) => {
    const ticket = await tx.supportTicket.findUnique({ where: { id: input.ticketId }, select: { id: true, userId: true, orderId: true } });
    if (!ticket) throw notFound(said("messages.notFound", { what: word("supportMessage") }));
    const reply = await tx.supportReply.create({ data: { ticketId: ticket.id, operatorId: operator.id, body: input.body } });
    const row = await tx.supportTicket.update({ where: { id: ticket.id }, data: { status: "answered" }, include: withReplies });
    await notify(sqlOf(tx), {
      to: { userId: ticket.userId },
      kind: "support_reply",
      cause: `support-reply:${reply.id}`,
      payload: { note: input.body, ...(ticket.orderId ? { orderId: ticket.orderId } : {}) },
    });
    await recordAudit(tx, operator, { action: "support.reply", targetType: "SupportTicket", targetId: ticket.id, reason: "" });
    return ticketToJson(row);
  });
}

/** The orders the contact form offers to link a message to: the person's 10 latest placed ones. */
export async function ordersToMention(userId: number): Promise<{ id: number; restaurantName: string; placedAt: string }[]> {
  const rows = await db.order.findMany({
    where: { userId, submittedAt: { not: null } },
    orderBy: { id: "desc" },
    take: 10,
    select: { id: true, submittedAt: true, restaurant: { select: { name: true } } },
  });
  return rows.map((row) => ({ id: row.id, restaurantName: row.restaurant?.name ?? "A restaurant", placedAt: row.submittedAt!.toISOString() }));
}
