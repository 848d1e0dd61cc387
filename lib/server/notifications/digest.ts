import "server-only";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { DeferNotification, type OutboxRow } from "./worker";

// The owners' new-order digest (docs/architecture/notification-mail.md "New orders in a burst"): an
// owner gets at most `newOrderMails` (3) "New order" mails in any `digestMinutes` (10); a new
// order past that waits, and once the window has room one mail tells of every order that waited
// ("5 new orders"). The board and the bell stay live: only the email rows wait. Decided by the
// email sender when it is about to send (email.ts), from the outbox's own rows: a row that waits
// is deferred (worker.ts DeferNotification) with DIGEST_WAITING as its reason; the rows a digest
// tells of are marked skipped with `inDigestOf(<the digest's row id>)`, which the mail is
// composed from (message.ts), on every attempt and in the development mailbox alike.

/** The reason kept on a new-order mail that waits for the digest. */
export const DIGEST_WAITING = "Waiting for the new-order digest";
/** The reason kept on a new-order mail told in another row's digest mail. */
export const inDigestOf = (rowId: number) => `In the new-order digest #${rowId}`;

const OWNER_MAIL = { kind: "owner_new_order", channel: "email" } as const;

/**
 * Before an owner's new-order mail is sent: throws DeferNotification (to when the window has room)
 * when the owner had `newOrderMails` of them in the last `digestMinutes`; else takes every other
 * new-order mail of the owner that waits into this one (skipped, told here).
 *
 * The worker claims and marks rows in batches (worker.ts), so the database alone does not tell
 * the whole story while a batch runs: the mails this batch sent are not marked `sent` yet (they
 * are counted from `row.batch.sent`), and the waiting rows this batch claimed carry its lease
 * (they still wait: they are taken into this digest like unclaimed ones, and the worker then
 * leaves them alone, `row.batch.settled`). Rows under another process's live lease are that
 * process's to send.
 */
export async function holdForDigest(row: OutboxRow, now: Date): Promise<void> {
  const { newOrderMails, digestMinutes } = config().notifications;
  const windowMs = digestMinutes * 60_000;
  const since = now.getTime() - windowMs;
  const recent = await db.notification.findMany({
    where: { userId: row.userId, ...OWNER_MAIL, state: "sent", sentAt: { gt: new Date(since) } },
    orderBy: { sentAt: "desc" },
    take: newOrderMails,
    select: { sentAt: true },
  });
  const batch = row.batch;
  // This batch's sends are marked with the batch, at its end (so their sentAt is a little later
  // than the times counted here: a row deferred on them may be deferred once more by that much).
  const times = [
    ...recent.map((mail) => mail.sentAt!.getTime()),
    ...(batch?.sent ?? []).filter(({ row: other, at }) => isOwnerMail(other) && other.userId === row.userId && at.getTime() > since).map(({ at }) => at.getTime()),
  ]
    .sort((a, b) => b - a)
    .slice(0, newOrderMails);
  if (times.length >= newOrderMails) throw new DeferNotification(new Date(times.at(-1)! + windowMs), DIGEST_WAITING);
  const free = { OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }, ...(batch ? [{ lease: batch.lease }] : [])] };
  const waiting = await db.notification.findMany({
    where: { userId: row.userId, ...OWNER_MAIL, state: "pending", lastError: DIGEST_WAITING, id: { not: row.id }, ...free },
    select: { id: true, lease: true },
  });
  if (!waiting.length) return;
  await db.notification.updateMany({
    where: { id: { in: waiting.map((other) => other.id) }, state: "pending", ...free },
    data: { state: "skipped", lastError: inDigestOf(row.id), lease: null, lockedUntil: null },
  });
  // This batch's own: told in this mail, so neither sent nor marked by the worker.
  for (const other of waiting) if (batch && other.lease === batch.lease) batch.settled.add(other.id);
}

const isOwnerMail = (row: Pick<OutboxRow, "kind" | "channel">) => row.kind === OWNER_MAIL.kind && row.channel === OWNER_MAIL.channel;

/** The order ids a digest row's mail tells of besides its own, oldest first (none: an ordinary "New order" mail). */
export async function digestedOrders(row: Pick<OutboxRow, "id" | "userId">): Promise<number[]> {
  const rows = await db.notification.findMany({
    where: { userId: row.userId, ...OWNER_MAIL, state: "skipped", lastError: inDigestOf(row.id) },
    orderBy: { id: "asc" },
    select: { payload: true },
  });
  return rows.map((other) => (JSON.parse(other.payload) as { orderId?: number }).orderId).filter((id): id is number => typeof id === "number");
}
