import "server-only";
import { HELD_STATES, type JobState } from "@/lib/shared/delivery/delivery";
import { MESSAGE_EVENT, MESSAGE_RETENTION_DAYS, type DeliveryMessageJson, type MessageSender, type MessageThreadJson } from "@/lib/shared/delivery/delivery-messages";
import { db } from "../platform/db";
import { messageInputSchema } from "@/lib/contract/deliveries/message-rules";
import { conflict, fromZod, notFound } from "../platform/errors";
import type { Tx } from "../platform/db";
import { sqlOf, sqlTransaction } from "../platform/sql";
import { deleteMessagesOfJobsClosedBefore } from "./queries/jobs";
import { takeMessageSlot } from "../platform/action-limits";
import { insertOrderEvents } from "../order-events/write";
import type { SessionUser } from "../platform/session-user";
import type { Courier } from "./courier";
import { courierEvent } from "./events";
import { said, word } from "@/lib/shared/words/said";
import { relayFor } from "../calls/relay";

// Messages between an order's customer and the courier holding its delivery
// (docs/architecture/stops-and-messages.md "Messages"). The parties: the order's customer (GET/POST
// /api/orders/{id}/messages) and the courier who holds the job, assigned or further (GET/POST
// /api/courier/jobs/{id}/messages); operators read the customer's route (the problem-report page
// shows the thread). Anyone else, the restaurant's owner too, gets the 404 of a missing record.
// A message may be written while the job is held and not yet over (HELD_STATES: assigned,
// at_pickup, picked_up); after that the thread stays readable and a new message is a 409. Each
// message wakes the other side's stream with a `courier_message` event naming the message, never
// its text (the page reads the thread), on the order's stream (no restaurant: not the owner's)
// and on the courier's. The sender's phone and email are never in a message's JSON.

type Page = { limit: number; offset: number };
type JobRow = { id: number; orderId: number; userId: number; restaurantId: number | null; state: string; courierId: number | null };
type Reader = { role: MessageSender | "operator"; userId: number; courierId?: number };

const JOB_FIELDS = { id: true, orderId: true, userId: true, restaurantId: true, state: true, courierId: true } as const;

const isLive = (job: JobRow | null): job is JobRow & { courierId: number } => !!job && job.courierId !== null && HELD_STATES.includes(job.state as JobState);

/** Why a message cannot be sent now, said (handle() writes it in the reader's words); null: it can. */
function closedReason(job: JobRow | null): string | null {
  if (isLive(job)) return null;
  if (!job || job.state === "unassigned" || job.state === "offered") return said("messages.messageNotYet");
  return job.state === "delivered" ? said("messages.threadDelivered") : said("messages.threadEnded");
}

/** The order's customer, or (reading only) an operator; anyone else: 404. */
async function customerSide(user: Pick<SessionUser, "id" | "operator">, orderId: number, write: boolean): Promise<{ reader: Reader; job: JobRow | null }> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { userId: true } });
  const role = order?.userId === user.id ? "customer" : !write && user.operator && order ? "operator" : null;
  if (!role) throw notFound(said("messages.orderNotFound"));
  const job = await db.deliveryJob.findUnique({ where: { orderId }, select: JOB_FIELDS });
  return { reader: { role, userId: user.id }, job };
}

/** The job held (or once held: a delivered, failed or canceled one) by this courier; an offer or anyone else's: 404. */
async function courierSide(courier: Courier, jobId: number): Promise<{ reader: Reader; job: JobRow }> {
  const job = await db.deliveryJob.findUnique({ where: { id: jobId }, select: JOB_FIELDS });
  if (!job || job.courierId !== courier.id || job.state === "offered" || job.state === "unassigned") throw notFound(said("messages.notFound", { what: word("job") }));
  return { reader: { role: "courier", userId: courier.id, courierId: courier.id }, job };
}

async function thread(reader: Reader, job: JobRow | null, orderId: number, page: Page): Promise<MessageThreadJson> {
  const rows = await db.deliveryMessage.findMany({
    // A courier reads their own conversation only (a courier who took over a released job does not read the first one's).
    where: { orderId, ...(reader.courierId !== undefined && { courierId: reader.courierId }) },
    orderBy: { id: "asc" },
    skip: page.offset,
    take: page.limit,
    select: { id: true, senderRole: true, senderId: true, body: true, createdAt: true },
  });
  const reason = closedReason(job);
  return {
    messages: rows.map((row): DeliveryMessageJson => ({
      id: row.id,
      sender: row.senderRole as MessageSender,
      mine: row.senderId === reader.userId && row.senderRole === reader.role,
      body: row.body,
      at: row.createdAt.toISOString(),
    })),
    open: reader.role !== "operator" && reason === null,
    closedReason: reason,
    // The relay number to call or text the other side (calls/relay.ts), given on the first read while live; never their number.
    relay: reader.role === "operator" || !job ? null : await relayFor(job.id, reader.role),
  };
}

/** Writes one message in a transaction that re-reads the job (a delivery marked at the same moment wins: 409) and takes the sender's slot (429). */
async function post(reader: Reader, jobId: number, text: string, now: Date): Promise<DeliveryMessageJson> {
  // The route parsed it already; the rule (trimmed, 1 to 500 characters) holds for every caller.
  const parsed = messageInputSchema.safeParse({ body: text });
  if (!parsed.success) throw fromZod(parsed.error);
  const { body } = parsed.data;
  return db.$transaction(async (tx: Tx) => {
    const job = await tx.deliveryJob.findUnique({ where: { id: jobId }, select: JOB_FIELDS });
    const reason = closedReason(job);
    if (!isLive(job) || reason) throw conflict(reason ?? said("messages.threadEnded"));
    // The courier who released the job in between is no longer its party.
    if (reader.role === "courier" && job.courierId !== reader.userId) throw notFound(said("messages.notFound", { what: word("job") }));
    await takeMessageSlot(tx, reader.userId, now);
    const message = await tx.deliveryMessage.create({
      data: { orderId: job.orderId, jobId: job.id, courierId: job.courierId, senderId: reader.userId, senderRole: reader.role, body, createdAt: now },
      select: { id: true },
    });
    const detail = { jobId: job.id, messageId: message.id };
    await insertOrderEvents(
      sqlOf(tx),
      [
        // The customer's order stream (no restaurant: the owner's board never hears of it), and the courier's.
        { orderId: job.orderId, userId: job.userId, restaurantId: null, stage: MESSAGE_EVENT, detail },
        courierEvent(job, job.courierId, MESSAGE_EVENT, { messageId: message.id }),
      ],
      now,
    );
    return { id: message.id, sender: reader.role as MessageSender, mine: true, body, at: now.toISOString() };
  });
}

/** GET /api/orders/{id}/messages: the customer's thread, or an operator's read of it. */
export async function orderMessages(user: Pick<SessionUser, "id" | "operator">, orderId: number, page: Page): Promise<MessageThreadJson> {
  const { reader, job } = await customerSide(user, orderId, false);
  return thread(reader, job, orderId, page);
}

/** POST /api/orders/{id}/messages: the customer writes to the courier holding the job. */
export async function postOrderMessage(user: Pick<SessionUser, "id" | "operator">, orderId: number, body: string, now = new Date()): Promise<DeliveryMessageJson> {
  const { reader, job } = await customerSide(user, orderId, true);
  if (!job) throw conflict(said("messages.messageNotYet"));
  return post(reader, job.id, body, now);
}

/** GET /api/courier/jobs/{id}/messages: the courier's thread with the customer. */
export async function jobMessages(courier: Courier, jobId: number, page: Page): Promise<MessageThreadJson> {
  const { reader, job } = await courierSide(courier, jobId);
  return thread(reader, job, job.orderId, page);
}

/** POST /api/courier/jobs/{id}/messages: the courier writes to the customer. */
export async function postJobMessage(courier: Courier, jobId: number, body: string, now = new Date()): Promise<DeliveryMessageJson> {
  const { reader, job } = await courierSide(courier, jobId);
  return post(reader, job.id, body, now);
}

/** The operators' problem-report page (docs/architecture/problem-reports.md): each order's thread, oldest first, in one read (at most 200 messages an order). */
export async function operatorThreads(orderIds: readonly number[]): Promise<Record<number, DeliveryMessageJson[]>> {
  const threads: Record<number, DeliveryMessageJson[]> = {};
  if (!orderIds.length) return threads;
  const rows = await db.deliveryMessage.findMany({ where: { orderId: { in: [...new Set(orderIds)] } }, orderBy: { id: "asc" }, take: 200 * orderIds.length });
  for (const row of rows) {
    const thread = (threads[row.orderId] ??= []);
    if (thread.length < 200) thread.push({ id: row.id, sender: row.senderRole as MessageSender, mine: false, body: row.body, at: row.createdAt.toISOString() });
  }
  return threads;
}

/** The hourly purge (dispatch.purge-messages): messages of jobs closed more than MESSAGE_RETENTION_DAYS ago. */
export async function purgeMessages(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MESSAGE_RETENTION_DAYS * 24 * 3600_000);
  // One statement: both instances may run it in the same hour, and each message is deleted once.
  return sqlTransaction((sql) => deleteMessagesOfJobsClosedBefore(sql, before));
}
