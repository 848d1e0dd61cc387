import "server-only";
import { MAX_WEBHOOK_ENDPOINTS, SECRET_OVERLAP_HOURS, WEBHOOK_BY_HAND, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent } from "@/lib/shared/people/webhooks";
import type { WebhookEndpointInput } from "@/lib/contract/webhooks/rules";
import type { WebhookDeliveryJson, WebhookEndpointJson } from "@/lib/contract/webhooks/schemas";
import type { Restaurant, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { conflict, fieldError, notFound } from "../platform/errors";
import { seal } from "../platform/sealed";
import { takeWindowSlot } from "../platform/action-limits";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { newMessageId, webhookBody } from "./enqueue";
import { receiverUrlProblem } from "./receiver-address";
import { newWebhookSecret } from "./signature";
import { SECRET_SEAL } from "./worker";
import { said, word } from "@/lib/shared/words/said";

/** The by-hand limits' and the endpoint cap's refusals (said messages: the server writes them in the reader's language). */
export const WEBHOOK_SAID = {
  limit: said("messages.webhooksAtMost", { max: MAX_WEBHOOK_ENDPOINTS }),
  testsPerEndpoint: said("messages.webhookTestsPerEndpoint", { count: WEBHOOK_BY_HAND.testsPerEndpoint }),
  testsPerRestaurant: said("messages.webhookTestsPerRestaurant", { count: WEBHOOK_BY_HAND.testsPerRestaurant }),
  resendsPerEndpoint: said("messages.webhookResendsPerEndpoint", { count: WEBHOOK_BY_HAND.resendsPerEndpoint }),
  perOwnerHour: said("messages.webhookByHandPerOwner", { count: WEBHOOK_BY_HAND.perOwnerHour }),
} as const;

// A restaurant's webhook endpoints (docs/architecture/webhooks.md), for its owner and managers
// (handle() admitted them; team/owned.ts honours a manager's grant): add one (its secret shown
// once), delete, re-enable, rotate the secret (the previous one keeps signing for a day), read
// its delivery log a page at a time, resend a message (same webhook-id) and send a test event
// (both by hand: counted, WEBHOOK_BY_HAND).

const eventsOf = (column: string): WebhookEvent[] => column.split(",").filter((event): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event));

export const endpointToJson = (row: WebhookEndpoint, now = new Date()): WebhookEndpointJson => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  previousSecretUntil: row.previousUntil && row.previousUntil > now ? row.previousUntil.toISOString() : null,
});

/** The restaurant and its endpoint by id, or the 404 of a missing one (another restaurant's included). */
async function ownedEndpoint(actor: Actor, restaurantId: number, endpointId: number): Promise<{ restaurant: Restaurant; endpoint: WebhookEndpoint }> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, restaurantId } });
  if (!endpoint) throw notFound(said("messages.notFound", { what: word("webhookEndpoint") }));
  return { restaurant, endpoint };
}
const endpointOf = async (actor: Actor, restaurantId: number, endpointId: number) => (await ownedEndpoint(actor, restaurantId, endpointId)).endpoint;

const MINUTE_MS = 60_000;
/**
 * Counts one message sent by hand in the caller's transaction: per endpoint and per restaurant a
 * minute (`perMinute`), and the owner's hour across their restaurants; the first limit reached
 * is a 429 with Retry-After and the transaction, counts included, rolls back. In the database,
 * so every server process and parallel clicks all count (platform/throttle.ts).
 */
async function takeByHand(tx: Tx, restaurant: Restaurant, perMinute: [key: string, limit: number, message: string][], now: Date): Promise<void> {
  for (const [key, limit, message] of perMinute) await takeWindowSlot(tx, key, limit, MINUTE_MS, message, now);
  await takeWindowSlot(tx, `webhook-by-hand:${restaurant.ownerId}`, WEBHOOK_BY_HAND.perOwnerHour, 60 * MINUTE_MS, WEBHOOK_SAID.perOwnerHour, now);
}

export async function listEndpoints(actor: Actor, restaurantId: number): Promise<WebhookEndpointJson[]> {
  await getOwnedRestaurant(actor, restaurantId);
  const rows = await db.webhookEndpoint.findMany({ where: { restaurantId }, orderBy: { id: "asc" }, take: MAX_WEBHOOK_ENDPOINTS });
  return rows.map((row) => endpointToJson(row));
}

/** Adds an endpoint: the URL checked (https and a public address in production), its secret made and answered once. */
export async function addEndpoint(actor: Actor, restaurantId: number, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpointJson; secret: string }> {
  await getOwnedRestaurant(actor, restaurantId);
  const problem = receiverUrlProblem(input.url, config().deployment === "production");
  if (problem) throw fieldError("url", problem);
  const secret = newWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    if ((await tx.webhookEndpoint.count({ where: { restaurantId } })) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WEBHOOK_SAID.limit);
    return tx.webhookEndpoint.create({ data: { restaurantId, url: input.url, events: input.events.join(","), secret: seal(SECRET_SEAL, secret) } });
  });
  return { endpoint: endpointToJson(row), secret };
}

export async function deleteEndpoint(actor: Actor, restaurantId: number, endpointId: number): Promise<void> {
  await endpointOf(actor, restaurantId, endpointId);
  await db.webhookEndpoint.delete({ where: { id: endpointId } });
}

/** Turns a disabled endpoint back on (its failures forgotten). */
export async function enableEndpoint(actor: Actor, restaurantId: number, endpointId: number): Promise<WebhookEndpointJson> {
  await endpointOf(actor, restaurantId, endpointId);
  return endpointToJson(await db.webhookEndpoint.update({ where: { id: endpointId }, data: { disabledAt: null, failingSince: null } }));
}

/** A new secret; the one it replaces keeps signing (both signatures sent) for SECRET_OVERLAP_HOURS. */
export async function rotateSecret(actor: Actor, restaurantId: number, endpointId: number, now = new Date()): Promise<{ endpoint: WebhookEndpointJson; secret: string }> {
  const endpoint = await endpointOf(actor, restaurantId, endpointId);
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.update({
    where: { id: endpointId },
    data: { secret: seal(SECRET_SEAL, secret), previousSecret: endpoint.secret, previousUntil: new Date(now.getTime() + SECRET_OVERLAP_HOURS * 3600_000) },
  });
  return { endpoint: endpointToJson(row, now), secret };
}

const LOG_PER_MESSAGE = 20;

/** One page of the endpoint's messages, newest first, each with its attempts. */
export async function listDeliveries(
  actor: Actor,
  restaurantId: number,
  endpointId: number,
  paging: { limit: number; offset: number },
): Promise<{ deliveries: WebhookDeliveryJson[]; hasMore: boolean; nextOffset: number | null }> {
  await endpointOf(actor, restaurantId, endpointId);
  const rows = await db.webhookMessage.findMany({
    where: { endpointId },
    orderBy: { id: "desc" },
    skip: paging.offset,
    take: paging.limit + 1,
    include: { log: { orderBy: { id: "desc" }, take: LOG_PER_MESSAGE } },
  });
  const hasMore = rows.length > paging.limit;
  return {
    deliveries: rows.slice(0, paging.limit).map((row) => ({
      id: row.id,
      msgId: row.msgId,
      eventType: row.eventType,
      state: row.state,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      log: row.log.map((entry) => ({ at: entry.at.toISOString(), status: entry.status, durationMs: entry.durationMs, excerpt: entry.excerpt, error: entry.error })),
    })),
    hasMore,
    nextOffset: hasMore ? paging.offset + paging.limit : null,
  };
}

/** Sends a message again now, with its webhook-id (receivers deduplicate on it); counted (takeByHand). */
export async function resendDelivery(actor: Actor, restaurantId: number, endpointId: number, deliveryId: number, now = new Date()): Promise<void> {
  const { restaurant } = await ownedEndpoint(actor, restaurantId, endpointId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookMessage.updateMany({ where: { id: deliveryId, endpointId }, data: { state: "pending", nextAttemptAt: now } });
    if (!count) throw notFound(said("messages.deliveryNotFound"));
    await takeByHand(tx, restaurant, [[`webhook-resends:${endpointId}`, WEBHOOK_BY_HAND.resendsPerEndpoint, WEBHOOK_SAID.resendsPerEndpoint]], now);
  });
}

/** A `webhook.test` message for the endpoint, sent within seconds whatever it subscribes to; counted (takeByHand). */
export async function sendTestEvent(actor: Actor, restaurantId: number, endpointId: number, now = new Date()): Promise<{ id: number; msgId: string }> {
  const { restaurant } = await ownedEndpoint(actor, restaurantId, endpointId);
  const msgId = newMessageId();
  const row = await db.$transaction(async (tx) => {
    await takeByHand(
      tx,
      restaurant,
      [
        [`webhook-tests:${endpointId}`, WEBHOOK_BY_HAND.testsPerEndpoint, WEBHOOK_SAID.testsPerEndpoint],
        [`webhook-tests-restaurant:${restaurantId}`, WEBHOOK_BY_HAND.testsPerRestaurant, WEBHOOK_SAID.testsPerRestaurant],
      ],
      now,
    );
    return tx.webhookMessage.create({
      data: {
        endpointId,
        msgId,
        eventType: WEBHOOK_TEST_EVENT,
        payload: webhookBody(WEBHOOK_TEST_EVENT, { restaurantId, endpointId }, now),
        createdAt: now,
        nextAttemptAt: now,
      },
    });
  });
  return { id: row.id, msgId };
}
