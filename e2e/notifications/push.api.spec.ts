import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, signUpGuest } from "../support/api";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { pushSubscriptionBody } from "../support/push";
import { startServer, type Server } from "../support/server";
import { removeDir, selfSignedCertificate, startPushEndpoint, type PushEndpoint } from "@/lib/server/notifications/testing/push-service";

// Web push over HTTP (docs/architecture/web-push.md "Web push"): the key, subscribing and
// unsubscribing one's own devices, the refusals; then, on a server of its own that trusts a local
// HTTPS push service (PUSH_CA_FILE, PUSH_ALLOW_PRIVATE_HOSTS=127.0.0.1), a customer whose tab is
// closed gets "Your order is on its way", decrypted by the service with the device's keys.
// The worker's retries and the 410 path: lib/server/notifications/push.test.ts.

type ErrorBody = { message: string; errors?: Record<string, string> };

test.describe("push subscriptions", () => {
  test("the public key is a P-256 point; a signed-in customer (and a guest) subscribes a device, twice is one row; DELETE removes it", async ({ baseURL, customer }) => {
    const key = await (await newClient(baseURL!)).get("/api/push/public-key");
    expect(key.status()).toBe(200);
    const { publicKey } = (await key.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);

    const body = pushSubscriptionBody();
    const first = await customer.client.post("/api/push/subscriptions", body);
    expect(first.status()).toBe(201);
    const { subscription } = (await first.json()) as { subscription: { id: number; userAgent: string | null } };
    const again = await customer.client.post("/api/push/subscriptions", body);
    expect((await again.json()).subscription.id).toBe(subscription.id);

    const guest = await signUpGuest(baseURL!);
    expect((await guest.client.post("/api/push/subscriptions", pushSubscriptionBody())).status()).toBe(201);

    const removed = await customer.client.del(`/api/push/subscriptions/${subscription.id}`);
    expect(removed.status()).toBe(200);
    expect((await customer.client.del(`/api/push/subscriptions/${subscription.id}`)).status()).toBe(404);
  });

  test("a malformed subscription is a 400 naming the field", async ({ customer }) => {
    const good = pushSubscriptionBody();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, "endpoint"],
      [{ ...good, endpoint: "not a url" }, "endpoint"],
      [{ ...good, endpoint: "https://127.0.0.1/x" }, "endpoint"],
      [{ ...good, endpoint: "https://169.254.169.254/latest/meta-data" }, "endpoint"],
      [{ ...good, endpoint: "https://localhost:3000/api/auth" }, "endpoint"],
      [{ ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` }, "endpoint"],
      [{ endpoint: good.endpoint }, "keys"],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } }, "keys.p256dh"], // not a curve point
      [{ ...good, keys: { ...good.keys, p256dh: "!!!" } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, auth: "AAAA" } }, "keys.auth"],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, "keys.auth"],
    ];
    for (const [body, field] of cases) {
      const response = await customer.client.post("/api/push/subscriptions", body);
      const answer = (await response.json()) as ErrorBody;
      expect([field, response.status(), Object.keys(answer.errors ?? {})]).toEqual([field, 400, [field]]);
    }
  });

  test("another person's subscription id is a 404 that reveals nothing and deletes nothing; anonymous callers are 401", async ({ baseURL, customer }) => {
    const created = await customer.client.post("/api/push/subscriptions", pushSubscriptionBody());
    const { id } = (await created.json()).subscription as { id: number };
    const other = await signUpCustomer(baseURL!);
    const refused = await other.client.del(`/api/push/subscriptions/${id}`);
    expect(refused.status()).toBe(404);
    const unknown = await other.client.del(`/api/push/subscriptions/999999999`);
    expect(await refused.json()).toEqual(await unknown.json()); // the same answer as an id that does not exist
    expect((await (await newClient(baseURL!)).post("/api/push/subscriptions", pushSubscriptionBody())).status()).toBe(401);
    expect((await customer.client.del(`/api/push/subscriptions/${id}`)).status()).toBe(200); // it was still there
  });

  test("the choices have a push column; an unknown kind or channel is a 400", async ({ customer }) => {
    const choices = await (await customer.client.get("/api/account/notifications")).json();
    expect(choices.channels).toEqual(["in_app", "email", "push"]);
    expect(choices.kinds.find((k: { kind: string }) => k.kind === "order_out_for_delivery").channels).toEqual({ in_app: true, email: true, push: true });
    const off = await customer.client.put("/api/account/notifications", { preferences: [{ kind: "order_out_for_delivery", channel: "push", enabled: false }] });
    expect(off.status()).toBe(200);
    expect((await off.json()).kinds.find((k: { kind: string }) => k.kind === "order_out_for_delivery").channels.push).toBe(false);
    for (const [choice, field] of [
      [{ kind: "order_teleported", channel: "push", enabled: true }, "preferences.0.kind"],
      [{ kind: "order_ready", channel: "carrier_pigeon", enabled: true }, "preferences.0.channel"],
    ] as const) {
      const response = await customer.client.put("/api/account/notifications", { preferences: [choice] });
      expect(response.status()).toBe(400);
      expect(Object.keys(((await response.json()) as ErrorBody).errors ?? {})).toEqual([field]);
    }
  });
});

test.describe("delivered to a closed tab", () => {
  const PORT = Number(process.env.E2E_PORT ?? 3111) + 7;
  let cert: ReturnType<typeof selfSignedCertificate>;
  let server: Server;
  let service: PushEndpoint;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    cert = selfSignedCertificate();
    service = await startPushEndpoint(cert);
    server = await startServer({
      port: PORT,
      dataDir: "data/e2e-push",
      args: [],
      env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", NOTIFY_TICK_MS: "250", PUSH_ALLOW_PRIVATE_HOSTS: "127.0.0.1", PUSH_CA_FILE: cert.certFile },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await service?.close();
    if (cert) removeDir(cert.dir);
  });

  test('"Your order is on its way" arrives by push, encrypted for the device, with the order number, the step and the order page', async () => {
    const owner = await signUpOwner(server.url);
    const customer = await signUpCustomer(server.url);
    const device = service.device();
    const subscribed = await customer.client.post("/api/push/subscriptions", { endpoint: device.endpoint, expirationTime: null, keys: device.keys });
    expect(subscribed.status()).toBe(201);
    const { publicKey } = await (await customer.client.get("/api/push/public-key")).json();

    // The customer closes the tab: only the push service hears from here on.
    const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
    for (const body of [{ stage: "accepted", prepMinutes: 20 }, { stage: "ready" }, { stage: "out_for_delivery" }]) {
      const step = await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, body);
      expect(step.status(), await step.text()).toBe(200);
    }
    const messages = () => service.received.filter((r) => r.deviceId === device.id).map((r) => ({ ...JSON.parse(device.decrypt(r.body)), headers: r.headers }));
    await expect.poll(() => messages().map((m) => m.stage), { timeout: 20_000 }).toContain("out_for_delivery");
    const onItsWay = messages().find((m) => m.stage === "out_for_delivery")!;
    expect(onItsWay).toMatchObject({ title: "Your order is on its way", body: `Order #${order.id} is on its way`, orderId: order.id, url: `/orders/${order.id}` });
    expect(String(onItsWay.headers.authorization)).toContain(`k=${publicKey}`);
    // Once each: the worker's lease and the row's state, not luck.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(messages().map((m) => m.stage)).toEqual(["accepted", "ready", "out_for_delivery"]);
  });
});
