import "server-only";
import { randomBytes } from "node:crypto";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { unseal } from "../platform/sealed";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";
import { failedForADay, nextAttemptAt } from "./backoff";
import { postWebhook, type AttemptResult } from "./post";
import { webhookHeaders } from "./signature";
import { nextTurn } from "../platform/loop-turns";

// The webhooks' worker (jobs/definitions/deliver-webhooks.ts; docs/architecture/webhooks.md
// "Delivery"): due messages are claimed with a lease (one conditional UPDATE each, so one process
// sends each), sent in parallel, each attempt logged; a 2xx delivers, anything else (no answer in
// 10 s, a redirect, a refused address) is retried with backoff for a day. An endpoint failing for
// a day is disabled and its restaurant's owner told by email.

export const SECRET_SEAL = "webhook-secret";
const BATCH = 20;
const LEASE_MS = 60_000;

/** The secrets a message is signed with now: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(endpoint: { secret: string; previousSecret: string | null; previousUntil: Date | null }, now: Date): string[] {
  const current = unseal(SECRET_SEAL, endpoint.secret);
  const previous = endpoint.previousSecret && endpoint.previousUntil && endpoint.previousUntil > now ? unseal(SECRET_SEAL, endpoint.previousSecret) : null;
  return [current, previous].filter((secret): secret is string => secret !== null);
}

/** Claims and sends the due messages; how many were delivered and how many failed an attempt. */
export async function deliverDueWebhooks(now = new Date(), production = config().deployment === "production"): Promise<{ delivered: number; failed: number }> {
  const due = await db.webhookMessage.findMany({
    where: { nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH,
    select: { id: true },
  });
  const token = randomBytes(12).toString("base64url");
  const claimed: number[] = [];
  for (const { id } of due) {
    await nextTurn();
    const { count } = await db.webhookMessage.updateMany({
      where: { id, nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
      data: { leaseToken: token, leaseUntil: new Date(now.getTime() + LEASE_MS) },
    });
    if (count) claimed.push(id);
  }
  const results = await Promise.all(claimed.map((id) => attempt(id, token, production)));
  return { delivered: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length };
}

/** One attempt of a claimed message: sent, logged, and the message and its endpoint moved on. */
async function attempt(messageId: number, token: string, production: boolean): Promise<boolean> {
  const message = await db.webhookMessage.findUniqueOrThrow({ where: { id: messageId }, include: { endpoint: true } });
  const { endpoint } = message;
  const now = new Date();
  const secrets = signingSecrets(endpoint, now);
  const result: AttemptResult = endpoint.disabledAt
    ? { status: null, durationMs: 0, excerpt: "", error: "The endpoint is disabled" }
    : await postWebhook(endpoint.url, webhookHeaders(secrets, message.msgId, Math.floor(now.getTime() / 1000), message.payload), message.payload, { production });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const done = new Date();
  const attempts = message.attempts + 1;
  const next = ok || endpoint.disabledAt ? null : nextAttemptAt(message.createdAt, attempts, done);
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({ data: { messageId, at: now, status: result.status, durationMs: result.durationMs, excerpt: result.excerpt, error: result.error } });
    await tx.webhookMessage.updateMany({
      where: { id: messageId, leaseToken: token },
      data: { attempts, state: ok ? "delivered" : next ? "pending" : "failed", nextAttemptAt: next, leaseToken: null, leaseUntil: null },
    });
    if (ok) {
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
      return;
    }
    if (endpoint.disabledAt) return;
    await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: now } });
    const since = endpoint.failingSince ?? now;
    if (!failedForADay(since, done)) return;
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, disabledAt: null }, data: { disabledAt: done } });
    if (count) {
      const payload = { restaurantId: endpoint.restaurantId, url: endpoint.url };
      await notify(
        sqlOf(tx),
        { to: { ownerOf: endpoint.restaurantId }, kind: "owner_webhook_disabled", cause: `webhook-disabled:${endpoint.id}:${done.getTime()}`, payload },
        done,
      );
    }
  });
  return ok;
}
