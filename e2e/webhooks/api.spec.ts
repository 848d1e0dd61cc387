import { expect, test } from "../fixtures";
import { sameSession, signUpCustomer } from "../support/api";
import { createOrder, submitOrder } from "../support/orders";
import { verifyWebhook } from "@/lib/server/webhooks/signature";
import { startReceiver, type Hit } from "../support/webhook-receiver";

// A restaurant's outgoing webhooks over HTTP with a local receiver on 127.0.0.1 (allowed outside
// production; e2e/platform/production.api.spec.ts proves it refused there;
// docs/architecture/webhooks.md): an order placed reaches it signed within 5 s; a receiver
// answering 500 is retried with growing waits, every attempt in the delivery log; Resend sends
// the same webhook-id; the test event arrives whatever the subscription, and only so often: a
// burst across both server processes is counted in the database.

const headersOf = (hit: Hit) => hit.headers as Record<string, string>;

test("an order placed reaches the receiver within 5 s, signed; the test event too", async ({ owner, baseURL }) => {
  const hook = await startReceiver();
  const id = owner.restaurant.id;
  const made = await owner.client.post(`/api/manage/${id}/webhooks`, { url: hook.url, events: ["order.placed", "order.stage_changed"] });
  expect(made.status(), await made.text()).toBe(201);
  const { endpoint, secret } = await made.json();
  const buyer = (await signUpCustomer(baseURL!)).client;
  const started = Date.now();
  const order = await submitOrder(buyer, (await createOrder(buyer, { restaurantId: id, itemId: owner.item.id })).id);
  await expect.poll(() => hook.hits.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
  const [hit] = hook.hits;
  expect(hit!.at - started).toBeLessThan(5_000);
  expect(JSON.parse(hit!.body)).toMatchObject({ type: "order.placed", data: { orderId: order.id, restaurantId: id, stage: "placed" } });
  expect(hit!.headers["webhook-id"]).toMatch(/^msg_/);
  expect(hit!.headers["webhook-signature"]).toMatch(/^v1,/);
  expect(verifyWebhook(secret, headersOf(hit!), hit!.body)).toBe(true);

  const sent = await owner.client.post(`/api/manage/${id}/webhooks/${endpoint.id}/test`);
  expect(sent.status()).toBe(201);
  await expect.poll(() => hook.hits.map((h) => JSON.parse(h.body).type), { timeout: 5_000 }).toContain("webhook.test");
  const log = await (await owner.client.get(`/api/manage/${id}/webhooks/${endpoint.id}/deliveries`)).json();
  expect(log.deliveries.map((d: { eventType: string; state: string }) => [d.eventType, d.state])).toEqual([
    ["webhook.test", "delivered"],
    ["order.placed", "delivered"],
  ]);
  await hook.close();
});

test("a receiver answering 500 is retried with growing waits, each attempt logged; Resend sends the same webhook-id", async ({ owner }) => {
  test.setTimeout(60_000);
  const hook = await startReceiver((n) => (n <= 3 ? 500 : 200));
  const id = owner.restaurant.id;
  const { endpoint } = await (await owner.client.post(`/api/manage/${id}/webhooks`, { url: hook.url, events: ["menu.item_changed"] })).json();
  expect((await owner.client.put(`/api/manage/${id}/sold-out`, { menuItemId: owner.item.id, soldOut: true })).status()).toBe(200);
  await expect.poll(() => hook.hits.length, { timeout: 30_000, intervals: [500] }).toBeGreaterThanOrEqual(3);
  const ids = new Set(hook.hits.map((hit) => hit.headers["webhook-id"]));
  expect(ids.size).toBe(1);
  const [first, second, third] = hook.hits.map((hit) => hit.at);
  // Backoff: the second wait is longer than the first's least (5 s doubled, half of it random).
  expect(second! - first!).toBeGreaterThanOrEqual(2_000);
  expect(third! - second!).toBeGreaterThanOrEqual(4_000);
  const read = async () => (await (await owner.client.get(`/api/manage/${id}/webhooks/${endpoint.id}/deliveries`)).json()).deliveries[0];
  await expect.poll(async () => (await read()).log.length).toBe(3);
  const failing = await read();
  expect(failing).toMatchObject({ eventType: "menu.item_changed", state: "pending", attempts: 3 });
  expect(failing.log.map((entry: { status: number }) => entry.status)).toEqual([500, 500, 500]);
  expect(failing.log[0].excerpt).toBe("try later");
  expect(failing.nextAttemptAt).not.toBeNull();

  const resent = await owner.client.post(`/api/manage/${id}/webhooks/${endpoint.id}/deliveries/${failing.id}/resend`);
  expect(resent.status()).toBe(200);
  await expect.poll(() => hook.hits.length, { timeout: 5_000 }).toBe(4);
  expect(hook.hits[3]!.headers["webhook-id"]).toBe(failing.msgId);
  await expect.poll(async () => (await read()).state).toBe("delivered");
  await hook.close();
});

test("a bad endpoint names its field, another restaurant's endpoint is a 404, and nothing is made", async ({ owner, baseURL }) => {
  const id = owner.restaurant.id;
  const bad = await owner.client.post(`/api/manage/${id}/webhooks`, { url: "not a url", events: ["order.placed"] });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("url");
  const none = await owner.client.post(`/api/manage/${id}/webhooks`, { url: "http://127.0.0.1:9/x", events: [] });
  expect((await none.json()).errors).toHaveProperty("events");
  const { endpoint } = await (await owner.client.post(`/api/manage/${id}/webhooks`, { url: "http://127.0.0.1:9/x", events: ["order.placed"] })).json();
  const stranger = await signUpCustomer(baseURL!);
  expect((await stranger.client.get(`/api/manage/${id}/webhooks/${endpoint.id}/deliveries`)).status()).toBe(404);
  expect((await owner.client.get(`/api/manage/${id}/webhooks`)).ok()).toBe(true);
});

test("60 test events at once across both server processes reach the receiver 5 times an endpoint and 10 times a restaurant; the rest are 429 with Retry-After", async ({
  owner,
}) => {
  const hook = await startReceiver();
  const id = owner.restaurant.id;
  const second = await sameSession(owner.client, process.env.E2E_SECOND_URL!);
  const endpoints: number[] = [];
  for (let i = 0; i < 3; i++) {
    const made = await owner.client.post(`/api/manage/${id}/webhooks`, { url: `${hook.url}/${i}`, events: ["order.placed"] });
    endpoints.push((await made.json()).endpoint.id);
  }
  // Twenty at each endpoint, every other one through the second process, all at once.
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? second : owner.client).post(`/api/manage/${id}/webhooks/${endpoints[i % 3]}/test`, undefined, { "Accept-Language": "en" }),
    ),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  for (const answer of answers.filter((answer) => answer.status() === 429)) {
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await answer.json()).message).toMatch(/^Too many test events for this (endpoint: at most 5|restaurant: at most 10) a minute/);
  }
  // What the receiver gets: the ten, and nothing more once they are in.
  await expect.poll(() => hook.hits.length, { timeout: 10_000 }).toBe(10);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(hook.hits).toHaveLength(10);
  const perEndpoint = endpoints.map((endpoint) => hook.hits.filter((hit) => JSON.parse(hit.body).data.endpointId === endpoint).length);
  for (const count of perEndpoint) expect(count).toBeLessThanOrEqual(5);
  // The refusal in the reader's language, with the same wait.
  const spanish = await second.post(`/api/manage/${id}/webhooks/${endpoints[0]}/test`, undefined, { "Accept-Language": "es" });
  expect(spanish.status()).toBe(429);
  expect(spanish.headers()["retry-after"]).toBeTruthy();
  expect((await spanish.json()).message).toMatch(/^Demasiados eventos de prueba para este (endpoint|restaurante): como máximo \d+ por minuto/);
  await hook.close();
});
