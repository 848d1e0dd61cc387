import "server-only";
import { randomUUID } from "node:crypto";
import type { NotificationChannel } from "@/lib/shared/notifications";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";

// The outbox's worker (docs/architecture/notifications.md "Delivery"): every process runs it on
// a timer (the notifications.deliver job, lib/server/jobs/), like the order expiry and the dispatch tick, and the database
// decides who sends what. A due row is claimed by one conditional UPDATE (still pending, due, and
// no live lease) that sets a lease token and its end; of several processes claiming the same row
// one matches, on SQLite and PostgreSQL alike. The holder sends, then marks the row sent (or
// schedules the retry) on the condition that it still holds the lease. A process killed between
// the claim and the mark leaves a lease that runs out: the row is claimed again then (nothing
// lost). The only window for a second send is a kill after the mail server took the mail and
// before the mark; the mail's Message-ID is the row's, so mail clients collapse that copy.

/** Minutes before the 2nd, 3rd and 4th attempt; a 4th failure is final (`failed`, the last error kept). */
export const RETRY_MINUTES = [1, 5, 30] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** How long a claim holds: far longer than a send may take (the SMTP timeouts are 30 s). */
export const LEASE_MS = 2 * 60_000;
const BATCH = 50;

/** A row as a sender needs it. */
export type OutboxRow = { id: number; userId: number; kind: string; cause: string; channel: string; payload: string; attempts: number; createdAt: Date };

/** Thrown by a sender when the row cannot be sent and should not be retried (no address, email off): recorded as skipped. */
export class SkipNotification extends Error {}

/**
 * Thrown by a sender when the row is to be sent later, not now (an owner's new-order mail waiting
 * for the digest, digest.ts): due again at `until`, the attempt not counted, the reason kept.
 */
export class DeferNotification extends Error {
  readonly until: Date;
  constructor(until: Date, reason: string) {
    super(reason);
    this.until = until;
  }
}

/** Sends one row; `now` is the worker's clock. */
export type Sender = (row: OutboxRow, now: Date) => Promise<void>;
export type Senders = Partial<Record<NotificationChannel, Sender>>;

export type DeliverOptions = {
  senders: Senders;
  now?: () => Date;
  leaseMs?: number;
  batch?: number;
  /** Called with each row this caller claimed (the tests count them). */
  onClaim?: (id: number) => void;
};

export type DeliverResult = { sent: number; retried: number; failed: number; skipped: number; deferred: number };

/** Claims a due row for this caller: the lease token, or null when another holds it or it is not due. */
export async function claim(id: number, now: Date, leaseMs = LEASE_MS): Promise<string | null> {
  const lease = randomUUID();
  const { count } = await db.notification.updateMany({
    where: { id, state: "pending", nextAttemptAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    data: { lease, lockedUntil: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
  });
  return count === 1 ? lease : null;
}

/** Delivers the due rows of the channels that have a sender; returns what happened. */
export async function deliverDue(options: DeliverOptions): Promise<DeliverResult> {
  const clock = options.now ?? (() => new Date());
  const channels = Object.keys(options.senders) as NotificationChannel[];
  const result: DeliverResult = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0 };
  if (!channels.length) return result;
  const start = clock();
  // `state = 'pending'` as a literal: the planner then uses the partial index of pending rows
  // (Notification_pending_idx), which a bound parameter would not prove it may.
  const due = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "Notification"
    WHERE "state" = 'pending' AND "nextAttemptAt" <= ${start} AND "channel" IN (${Prisma.join(channels)})
      AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${start})
    ORDER BY "nextAttemptAt" LIMIT ${options.batch ?? BATCH}`;
  for (const { id: dueId } of due) {
    const id = Number(dueId);
    const lease = await claim(id, clock(), options.leaseMs);
    if (!lease) continue;
    options.onClaim?.(id);
    const row = await db.notification.findUnique({
      where: { id },
      select: { id: true, userId: true, kind: true, cause: true, channel: true, payload: true, attempts: true, createdAt: true },
    });
    if (!row) continue;
    const sender = options.senders[row.channel as NotificationChannel]!;
    const held = { id, lease };
    try {
      await sender(row, clock());
      await db.notification.updateMany({ where: held, data: { state: "sent", sentAt: clock(), lease: null, lockedUntil: null, lastError: null } });
      result.sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (error instanceof DeferNotification) {
        await db.notification.updateMany({
          where: held,
          data: { nextAttemptAt: error.until, attempts: { decrement: 1 }, lease: null, lockedUntil: null, lastError: message },
        });
        result.deferred++;
      } else if (error instanceof SkipNotification) {
        await db.notification.updateMany({ where: held, data: { state: "skipped", lease: null, lockedUntil: null, lastError: message } });
        result.skipped++;
      } else if (row.attempts >= MAX_ATTEMPTS) {
        await db.notification.updateMany({ where: held, data: { state: "failed", lease: null, lockedUntil: null, lastError: message } });
        result.failed++;
      } else {
        const next = new Date(clock().getTime() + RETRY_MINUTES[row.attempts - 1]! * 60_000);
        await db.notification.updateMany({ where: held, data: { nextAttemptAt: next, lease: null, lockedUntil: null, lastError: message } });
        result.retried++;
      }
    }
  }
  return result;
}
