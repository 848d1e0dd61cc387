import "server-only";
import { randomUUID } from "node:crypto";
import type { NotificationChannel } from "@/lib/shared/people/notifications";
import { appLog } from "../platform/log";
import { claimRows, markRows, MARKS, type ClaimedRow, type Mark } from "./queries";

// The outbox's worker (docs/architecture/notifications.md "Delivery"): every process runs it on
// a timer (the notifications.deliver job, lib/server/jobs/), like the order expiry and the dispatch
// tick, and the database decides who sends what. A batch of due rows is claimed by one conditional
// UPDATE ... RETURNING (still pending, due, and no live lease) that sets one lease token and its
// end; of several processes claiming the same rows each row goes to one, on SQLite and PostgreSQL
// alike. The holder sends them, then marks them sent (or schedules the retries) in one UPDATE per
// outcome, on the condition that it still holds the lease: two statements for a batch that all
// went out, where it was four per row. A process killed between the claim and the mark leaves a
// lease that runs out: the rows are claimed again then (nothing lost). The only window for a
// second send is a kill after the mail server took a mail and before the batch's mark; the mail's
// Message-ID is the row's, so mail clients collapse that copy.

/** Minutes before the 2nd, 3rd and 4th attempt; a 4th failure is final (`failed`, the last error kept). */
export const RETRY_MINUTES = [1, 5, 30] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** How long a claim holds: far longer than a send may take (the SMTP timeouts are 30 s). */
export const LEASE_MS = 2 * 60_000;
const BATCH = 50;

/** A row as a sender needs it; `batch` when the worker claimed it (absent on a row read elsewhere, e.g. the mailbox). */
export type OutboxRow = ClaimedRow & { batch?: Batch };

/**
 * The batch a row was claimed in, for a sender that decides from the outbox's other rows (the
 * owner's digest, digest.ts): until the batch's marks, the database still shows every row of it
 * `pending` under the batch's lease, so what the batch did so far is told here.
 */
export type Batch = {
  /** The batch's lease token: a row that carries it is this batch's, not another process's. */
  readonly lease: string;
  /** The rows of this batch sent so far and when, not yet marked `sent` in the database. */
  readonly sent: readonly { row: OutboxRow; at: Date }[];
  /**
   * Rows of this batch a sender settled itself (a digest marked them skipped, told in its own
   * mail): the worker neither sends them nor marks them.
   */
  readonly settled: Set<number>;
};

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
  const { lease, rows } = await claimDue({ now, leaseMs, batch: 1, id });
  return rows.length ? lease : null;
}

/** Up to `batch` due rows (of `channels`, or the one row `id`) claimed under one new lease (queries.ts claimRows: one statement). */
async function claimDue(options: {
  now: Date;
  leaseMs: number;
  batch: number;
  channels?: readonly string[];
  id?: number;
}): Promise<{ lease: string; rows: OutboxRow[] }> {
  const { now, leaseMs, batch, channels, id } = options;
  const lease = randomUUID();
  return { lease, rows: await claimRows({ lease, lockedUntil: new Date(now.getTime() + leaseMs), now, batch, channels, id }) };
}

const SENT = MARKS.sent;

/** Delivers the due rows of the channels that have a sender; returns what happened. */
export async function deliverDue(options: DeliverOptions): Promise<DeliverResult> {
  const clock = options.now ?? (() => new Date());
  const channels = Object.keys(options.senders) as NotificationChannel[];
  const result: DeliverResult = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0 };
  if (!channels.length) return result;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const claimedAt = clock();
  const { lease, rows } = await claimDue({ now: claimedAt, leaseMs, batch: options.batch ?? BATCH, channels });
  if (!rows.length) return result;
  // The marks, grouped by what they write: a batch of sends is one UPDATE for all its `sent` rows
  // (and one per distinct retry time, deferral or error), on the condition that the lease is ours.
  const marks = new Map<string, { mark: Mark; ids: number[] }>();
  const mark = (id: number, m: Mark) => {
    const key = m === SENT ? "sent" : JSON.stringify(m);
    let group = marks.get(key);
    if (!group) marks.set(key, (group = { mark: m, ids: [] }));
    group.ids.push(id);
  };
  const sent: { row: OutboxRow; at: Date }[] = [];
  const batch: Batch = { lease, sent, settled: new Set() };
  const unsent: number[] = [];
  for (const row of rows) {
    if (batch.settled.has(row.id)) continue;
    // The lease covers the whole batch: once half of it is gone (slow sends), the rest are given
    // back unsent (their attempt not counted) rather than risk another process claiming a row
    // after its lease ran out while this one still sends it.
    if (clock().getTime() - claimedAt.getTime() >= leaseMs / 2) {
      unsent.push(row.id);
      continue;
    }
    options.onClaim?.(row.id);
    const sender = options.senders[row.channel as NotificationChannel]!;
    try {
      const at = clock();
      await sender({ ...row, batch }, at);
      sent.push({ row, at });
      mark(row.id, SENT);
      result.sent++;
      appLog.debug(`notification ${row.id} sent (${row.channel}, ${row.kind})`, { reqId: row.requestId ?? undefined });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (!(error instanceof SkipNotification))
        appLog.warn(`notification ${row.id} not sent (${row.channel}, ${row.kind}): ${message}`, { reqId: row.requestId ?? undefined });
      if (error instanceof DeferNotification) {
        mark(row.id, MARKS.deferred(error.until, message));
        result.deferred++;
      } else if (error instanceof SkipNotification) {
        mark(row.id, MARKS.skipped(message));
        result.skipped++;
      } else if (row.attempts >= MAX_ATTEMPTS) {
        mark(row.id, MARKS.failed(message));
        result.failed++;
      } else {
        const next = new Date(clock().getTime() + RETRY_MINUTES[row.attempts - 1]! * 60_000);
        mark(row.id, MARKS.retry(next, message));
        result.retried++;
      }
    }
  }
  for (const id of unsent) mark(id, MARKS.unsent);
  const done = clock();
  for (const { mark: m, ids } of marks.values()) {
    const params = m === SENT ? [done] : m.params;
    await markRows(m.set, params, lease, ids);
  }
  return result;
}
