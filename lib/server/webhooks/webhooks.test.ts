import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// A restaurant's webhooks on a real migrated SQLite file with a local receiver: the message is
// written in the checkout's own transaction, sent signed by the worker, retried with backoff and
// logged, resent with its webhook-id, signed twice while a rotated secret overlaps, and an endpoint
// failing for a day is disabled and its owner emailed.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  fixtures: await import("../platform/testing/fixtures"),
  endpoints: await import("./endpoints"),
  worker: await import("./worker"),
  signature: await import("./signature"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  soldOut: await import("../menu/sold-out"),
};

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let answer = 200;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer).end(answer === 200 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function placed(restaurantId: number, dishId: number) {
  const buyer = await m.fixtures.customer();
  const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), buyer, { restaurantId, items: [{ menuItemId: dishId, quantity: 1 }] }));
  const { paymentFor } = await import("../orders/testing/payment");
  return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), buyer, { activeOrderId: active.id }, m.fixtures.wallet, paymentFor(m.fixtures.wallet)));
}

describe("webhooks", () => {
  it("write order.placed in the checkout's transaction and deliver it signed; other restaurants' and unsubscribed events are not sent", async () => {
    const { owner, restaurant, dish } = await m.fixtures.shop("hooks-placed");
    const other = await m.fixtures.shop("hooks-other");
    const { endpoint, secret } = await m.endpoints.addEndpoint(owner, restaurant.id, { url: `${base}/hook`, events: ["order.placed"] });
    expect(secret).toMatch(/^whsec_/);
    const order = await placed(restaurant.id, dish.id);
    await placed(other.restaurant.id, other.dish.id);
    await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dish.id, soldOut: true });
    const rows = await m.db.webhookMessage.findMany({ where: { endpointId: endpoint.id } });
    expect(rows.map((row) => row.eventType)).toEqual(["order.placed"]);
    received.length = 0;
    expect(await m.worker.deliverDueWebhooks()).toEqual({ delivered: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const [hit] = received;
    const body = JSON.parse(hit!.body);
    expect(body).toMatchObject({ type: "order.placed", data: { orderId: order.id, restaurantId: restaurant.id, stage: "placed" } });
    expect(hit!.headers["webhook-id"]).toBe(rows[0]!.msgId);
    expect(m.signature.verifyWebhook(secret, hit!.headers as Record<string, string>, hit!.body)).toBe(true);
    expect(await m.worker.deliverDueWebhooks()).toEqual({ delivered: 0, failed: 0 });
    const page = await m.endpoints.listDeliveries(owner, restaurant.id, endpoint.id, { limit: 20, offset: 0 });
    expect(page.deliveries[0]).toMatchObject({ state: "delivered", attempts: 1, nextAttemptAt: null, log: [{ status: 200, excerpt: "ok", error: null }] });
  });

  it("retry a failing receiver with backoff, log every attempt, and resend a message with its webhook-id", async () => {
    const { owner, restaurant, dish } = await m.fixtures.shop("hooks-retry");
    const { endpoint } = await m.endpoints.addEndpoint(owner, restaurant.id, { url: `${base}/hook`, events: ["menu.item_changed"] });
    await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dish.id, soldOut: true });
    answer = 500;
    received.length = 0;
    const t0 = new Date();
    expect(await m.worker.deliverDueWebhooks(t0)).toEqual({ delivered: 0, failed: 1 });
    const first = await m.db.webhookMessage.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(first).toMatchObject({ state: "pending", attempts: 1 });
    const wait = first.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(5_000);
    // Not due yet: nothing sent.
    expect(await m.worker.deliverDueWebhooks(new Date())).toEqual({ delivered: 0, failed: 0 });
    const tried = Date.now();
    expect(await m.worker.deliverDueWebhooks(new Date(first.nextAttemptAt!.getTime() + 1))).toEqual({ delivered: 0, failed: 1 });
    const second = await m.db.webhookMessage.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(second.attempts).toBe(2);
    // The second wait, counted from the attempt (the clock's, not the one the job was given), is at
    // least the first's longest: 5 to 10 s after 2.5 to 5 s.
    expect(second.nextAttemptAt!.getTime() - tried).toBeGreaterThanOrEqual(5_000);
    expect((await m.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).not.toBeNull();
    answer = 200;
    await m.endpoints.resendDelivery(owner, restaurant.id, endpoint.id, second.id);
    expect(await m.worker.deliverDueWebhooks()).toEqual({ delivered: 1, failed: 0 });
    expect(received.map((hit) => hit.headers["webhook-id"])).toEqual([first.msgId, first.msgId, first.msgId]);
    const log = (await m.endpoints.listDeliveries(owner, restaurant.id, endpoint.id, { limit: 20, offset: 0 })).deliveries[0]!.log;
    expect(log.map((entry) => entry.status)).toEqual([200, 500, 500]);
    expect(log[1]!.excerpt).toBe("not now");
    expect((await m.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it("sign with both secrets while a rotation overlaps, and send a test event whatever the subscription", async () => {
    const { owner, restaurant } = await m.fixtures.shop("hooks-rotate");
    const { endpoint, secret: old } = await m.endpoints.addEndpoint(owner, restaurant.id, { url: `${base}/hook`, events: ["order.placed"] });
    const { secret: fresh, endpoint: rotated } = await m.endpoints.rotateSecret(owner, restaurant.id, endpoint.id);
    expect(rotated.previousSecretUntil).not.toBeNull();
    received.length = 0;
    await m.endpoints.sendTestEvent(owner, restaurant.id, endpoint.id);
    await m.worker.deliverDueWebhooks();
    const [hit] = received;
    expect(JSON.parse(hit!.body).type).toBe("webhook.test");
    expect(String(hit!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [old, fresh]) expect(m.signature.verifyWebhook(secret, hit!.headers as Record<string, string>, hit!.body)).toBe(true);
  });

  it("disable an endpoint after a day of failures and email its owner; give a message up after a day", async () => {
    const { owner, restaurant } = await m.fixtures.shop("hooks-dead");
    const { endpoint } = await m.endpoints.addEndpoint(owner, restaurant.id, { url: "http://127.0.0.1:9/dead", events: ["order.placed"] });
    const { id } = await m.endpoints.sendTestEvent(owner, restaurant.id, endpoint.id);
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 1000);
    await m.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: dayAgo } });
    await m.db.webhookMessage.update({ where: { id }, data: { createdAt: dayAgo } });
    expect(await m.worker.deliverDueWebhooks()).toEqual({ delivered: 0, failed: 1 });
    const after = await m.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(after.disabledAt).not.toBeNull();
    expect(await m.db.webhookMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "failed", nextAttemptAt: null });
    const mail = await m.db.notification.findMany({ where: { userId: owner.id, kind: "owner_webhook_disabled", channel: "email" } });
    expect(mail).toHaveLength(1);
    // Enabled again, its failures forgotten.
    await m.endpoints.enableEndpoint(owner, restaurant.id, endpoint.id);
    expect((await m.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).disabledAt).toBeNull();
  });

  it("refuse another restaurant's endpoint (404) and a bad URL naming the field", async () => {
    const { owner, restaurant } = await m.fixtures.shop("hooks-mine");
    const stranger = await m.fixtures.shop("hooks-stranger");
    const { endpoint } = await m.endpoints.addEndpoint(owner, restaurant.id, { url: `${base}/hook`, events: ["order.placed"] });
    await expect(m.endpoints.listDeliveries(stranger.owner, stranger.restaurant.id, endpoint.id, { limit: 5, offset: 0 })).rejects.toMatchObject({ status: 404 });
    await expect(m.endpoints.addEndpoint(owner, restaurant.id, { url: "nonsense", events: ["order.placed"] })).rejects.toMatchObject({
      status: 400,
      errors: { url: expect.any(String) },
    });
  });
});
