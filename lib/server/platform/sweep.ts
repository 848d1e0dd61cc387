import "server-only";
import { config } from "./config";
import { db } from "./db";
import { expireOverdueOrders } from "../orders/expire";
import { completePayouts } from "../ledger/payouts";
import { escalateOverdueProblems } from "../problems/escalate";
import { sqlTransaction } from "./sql";
import { pruneThrottles } from "./throttle";
import { dispatchTick } from "../dispatch/tick";
import { prunePositions } from "../dispatch/positions";
import { POSITION_RETENTION_DAYS } from "@/lib/shared/delivery";
import { deliverDue } from "../notifications/worker";
import { sendEmail } from "../notifications/email";
import { sendPush } from "../notifications/push";
import { pruneOutbox, writeDailySummaries } from "../notifications/daily-summary";

// Housekeeping every server process runs on an interval (instrumentation.ts). Each step is one
// conditional DELETE, so several processes or instances sweeping at once delete each row once
// and never anything that does not match.

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes guest accounts created more than GUEST_RETENTION_DAYS ago that never placed an
 * order. Their likes, wallet rows, idempotency keys and restaurants go with them (ON DELETE
 * CASCADE); a cookie still naming one is simply no session any more.
 */
export async function pruneGuests(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().guestRetentionDays * DAY_MS);
  const { count } = await db.user.deleteMany({
    where: { guestAccount: true, createdAt: { lt: cutoff }, orders: { none: {} } },
  });
  return count;
}

export async function sweep(now = new Date()): Promise<{ guests: number; throttles: number; positions: number; summaries: number; notifications: number }> {
  return {
    guests: await pruneGuests(now),
    throttles: await pruneThrottles(now),
    positions: await prunePositions(new Date(now.getTime() - POSITION_RETENTION_DAYS * DAY_MS)),
    // The owners' daily summaries due (lib/server/notifications/daily-summary.ts), then old outbox rows.
    summaries: await writeDailySummaries(now),
    notifications: await pruneOutbox(now),
  };
}

const SWEEP_EVERY_MS = 3600 * 1000;
let timer: NodeJS.Timeout | undefined;

let expiryTimer: NodeJS.Timeout | undefined;

/**
 * Expires orders nobody accepted in time (lib/server/orders/expire.ts) every
 * ORDER_EXPIRY_SWEEP_MS (by default a quarter of the accept timeout, between 1 and 30 s; see
 * lib/edge/load-config.ts), in every process: safe when several run it at once.
 */
function startExpiring(): void {
  if (expiryTimer) return;
  const every = config().orderExpirySweepMs;
  expiryTimer = setInterval(() => {
    expireOverdueOrders().then(
      (count) => count && console.log(`[nosh] expired ${count} orders the restaurant did not confirm`),
      (error: unknown) => console.error("[nosh] order expiry failed:", error),
    );
    // Payouts requested PAYOUT_SETTLE_MS ago are paid (lib/server/ledger/payouts.ts).
    sqlTransaction((sql) => completePayouts(sql)).catch((error: unknown) => console.error("[nosh] completing payouts failed:", error));
    // Problem reports the owner left undecided for 24 hours go to the operators (lib/server/problems/).
    escalateOverdueProblems().catch((error: unknown) => console.error("[nosh] escalating problem reports failed:", error));
  }, every);
  expiryTimer.unref();
}

let dispatchTimer: NodeJS.Timeout | undefined;
let ticking = false;

/**
 * The dispatch tick (lib/server/dispatch/tick.ts) every DISPATCH_TICK_MS in every process: safe
 * when several run it at once (every step a conditional update). One tick at a time here.
 */
function startDispatching(): void {
  if (dispatchTimer) return;
  dispatchTimer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    dispatchTick()
      .catch((error: unknown) => console.error("[nosh] dispatch tick failed:", error))
      .finally(() => (ticking = false));
  }, config().dispatch.tickMs);
  dispatchTimer.unref();
}

let notifyTimer: NodeJS.Timeout | undefined;
let notifying = false;

/**
 * The notification outbox's worker (lib/server/notifications/worker.ts) every NOTIFY_TICK_MS in
 * every process: each due row is claimed with a lease by one of them. One run at a time here.
 */
function startNotifying(): void {
  if (notifyTimer) return;
  const { smtpUrl, devMailbox } = config().notifications;
  if (!smtpUrl && !devMailbox) console.warn("[nosh] SMTP_URL is not set: email notifications are recorded as skipped");
  if (config().deployment === "production" && !config().notifications.push.vapid) {
    console.warn("[nosh] VAPID_PUBLIC_KEY is not set: web push uses a key pair generated into the data folder; instances on other machines need the same keys");
  }
  notifyTimer = setInterval(() => {
    if (notifying) return;
    notifying = true;
    deliverDue({ senders: { email: sendEmail, push: sendPush } })
      .then(({ failed }) => failed && console.error(`[nosh] ${failed} notifications failed for good (see Notification.lastError)`))
      .catch((error: unknown) => console.error("[nosh] notification delivery failed:", error))
      .finally(() => (notifying = false));
  }, config().notifications.tickMs);
  notifyTimer.unref();
}

/** Sweeps a minute after start-up, then hourly, and expires unaccepted orders; never keeps the process alive. */
export function startSweeping(): void {
  startExpiring();
  startDispatching();
  startNotifying();
  if (timer) return;
  const run = () => {
    sweep().then(
      ({ guests, summaries }) => {
        if (guests) console.log(`[nosh] pruned ${guests} guest accounts without orders`);
        if (summaries) console.log(`[nosh] wrote ${summaries} owners' daily summaries`);
      },
      (error: unknown) => console.error("[nosh] sweep failed:", error),
    );
  };
  timer = setTimeout(() => {
    run();
    timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
  }, 60_000);
  timer.unref();
}
