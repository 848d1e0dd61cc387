import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { pushSubscriptionSchema } from "@/lib/contract/notifications/push-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { removeDir, selfSignedCertificate, startPushEndpoint, type Device } from "./testing/push-service";
import { paymentFor } from "../orders/testing/payment";

// Web push against a real, migrated database and a real HTTPS push service in this process
// (./testing/push-service.ts: a self-signed certificate trusted through PUSH_CA_FILE, 127.0.0.1 allowed
// through PUSH_ALLOW_PRIVATE_HOSTS), which owns the subscriptions' keys and decrypts what arrives
// (docs/architecture/web-push.md "Web push").

const cert = selfSignedCertificate();
const { dir } = setUpTestDatabase({ PUSH_CA_FILE: cert.certFile, PUSH_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
const service = await startPushEndpoint(cert);
afterAll(async () => {
  await service.close();
  removeDir(cert.dir);
});

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  ready: await import("../orders/ready"),
  out: await import("../orders/out-for-delivery"),
  outbox: await import("./outbox"),
  worker: await import("./worker"),
  push: await import("./push"),
  subscriptions: await import("./push-subscriptions"),
};

const { wallet, customer: newCustomer, shop: newShop } = await import("../platform/testing/fixtures");
const customer = () => newCustomer();
const shop = () => newShop();

const checkout = (user: User, s: Awaited<ReturnType<typeof shop>>) =>
  m.sql.sqlTransaction((sql) =>
    m.place.placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] } }, wallet, paymentFor(wallet)),
  );

/** Subscribes `user` on a new device of the test push service, as POST /api/push/subscriptions does. */
async function subscribe(user: User): Promise<Device & { subscriptionId: number }> {
  const device = service.device();
  const input = pushSubscriptionSchema.parse({ endpoint: device.endpoint, expirationTime: null, keys: device.keys });
  const { subscription } = await m.subscriptions.subscribePush(user, input, "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36");
  return { ...device, subscriptionId: subscription.id };
}

const deliver = () => m.worker.deliverDue({ senders: { push: m.push.sendPush } });
const messagesOf = (device: Device) =>
  service.received.filter((r) => r.deviceId === device.id).map((r) => JSON.parse(device.decrypt(r.body)) as import("./push").PushMessage);
const pushRow = (userId: number, cause: string) => m.db.notification.findFirstOrThrow({ where: { userId, cause, channel: "push" } });

/** No push row of earlier tests waits for this test's worker. */
beforeEach(async () => {
  await m.db.notification.updateMany({ where: { state: "pending" }, data: { state: "skipped" } });
});

describe("delivery", () => {
  it('"Your order is on its way" reaches a customer whose tab is closed, encrypted for their device, once, with the order number, the step and its page', async () => {
    const s = await shop();
    const user = await customer();
    const phone = await subscribe(user);
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await m.ready.markReady(s.owner, s.restaurant.id, order.id);
    await m.out.markOutForDelivery(s.owner, s.restaurant.id, order.id);
    expect((await pushRow(user.id, `order:${order.id}:placed`)).state).toBe("skipped"); // the receipt's push is off by default
    expect((await pushRow(user.id, `order:${order.id}:out_for_delivery`)).state).toBe("pending");

    await deliver();
    await deliver(); // nothing twice
    const messages = messagesOf(phone);
    expect(messages.map((message) => message.stage)).toEqual(["accepted", "ready", "out_for_delivery"]);
    expect(messages[2]).toEqual({
      title: "Your order is on its way",
      body: `Order #${order.id} is on its way`,
      url: `/orders/${order.id}`,
      kind: "order_out_for_delivery",
      orderId: order.id,
      stage: "out_for_delivery",
      tag: `order-${order.id}`,
      notificationId: (await pushRow(user.id, `order:${order.id}:out_for_delivery`)).id,
    });
    expect(await pushRow(user.id, `order:${order.id}:out_for_delivery`)).toMatchObject({ state: "sent", attempts: 1 });

    // The request as a push service sees it: aes128gcm, a TTL, and the VAPID signature with our public key.
    const request = service.received.filter((r) => r.deviceId === phone.id).at(-1)!;
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.urgency).toBe("high");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization))!;
    expect(key).toBe(m.push.vapidKeys().publicKey);
    const claims = JSON.parse(Buffer.from(jwt!.split(".")[1]!, "base64url").toString()) as { aud: string; sub: string };
    expect(claims.aud).toBe(service.origin);
  });

  it("an owner's phone hears of a new order; two devices of one person both get it", async () => {
    const s = await shop();
    const [phone, laptop] = [await subscribe(s.owner), await subscribe(s.owner)];
    const order = await checkout(await customer(), s);
    await deliver();
    for (const device of [phone, laptop]) {
      expect(messagesOf(device)).toMatchObject([{ title: "New order", orderId: order.id, stage: "placed", url: `/restaurants/${s.restaurant.id}/orders` }]);
    }
  });

  it("a 410 from the push service deletes that subscription; with none left the row is skipped", async () => {
    const s = await shop();
    const user = await customer();
    const gone = await subscribe(user);
    service.answer(gone.id, 410);
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await deliver();
    expect(await m.db.pushSubscription.findUnique({ where: { id: gone.subscriptionId } })).toBeNull();
    expect(await pushRow(user.id, `order:${order.id}:accepted`)).toMatchObject({ state: "skipped", lastError: "Every push subscription has expired" });
    // Later notifications of that person are skipped when written: no device left.
    await m.ready.markReady(s.owner, s.restaurant.id, order.id);
    expect(await pushRow(user.id, `order:${order.id}:ready`)).toMatchObject({ state: "skipped", attempts: 0 });
  });

  it("another error is retried like email (1 minute later), and a working device makes the row sent", async () => {
    const s = await shop();
    const user = await customer();
    const flaky = await subscribe(user);
    service.answer(flaky.id, 503);
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const before = Date.now();
    await deliver();
    const row = await pushRow(user.id, `order:${order.id}:accepted`);
    expect(row).toMatchObject({ state: "pending", attempts: 1, lastError: expect.stringContaining("Push service answered 503") });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(await m.db.pushSubscription.count({ where: { id: flaky.subscriptionId } })).toBe(1); // kept

    service.answer(flaky.id, 201);
    await m.worker.deliverDue({ senders: { push: m.push.sendPush }, now: () => new Date(Date.now() + 61_000) });
    expect(await pushRow(user.id, `order:${order.id}:accepted`)).toMatchObject({ state: "sent", attempts: 2 });
    expect(messagesOf(flaky).at(-1)).toMatchObject({ orderId: order.id, stage: "accepted" });
  });

  it("a person without a subscription: the push row is written as skipped, not lost; turned off, too", async () => {
    const s = await shop();
    const user = await customer();
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    expect(await pushRow(user.id, `order:${order.id}:accepted`)).toMatchObject({ state: "skipped" });

    const other = await customer();
    await subscribe(other);
    await m.db.notificationPreference.create({ data: { userId: other.id, kind: "order_accepted", channel: "push", enabled: false } });
    const second = await checkout(other, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, second.id, 20);
    expect(await pushRow(other.id, `order:${second.id}:accepted`)).toMatchObject({ state: "skipped" });
  });
});

describe("subscriptions", () => {
  it("a known endpoint moves to whoever subscribes on that device; past 10 devices the oldest goes", async () => {
    const [a, b] = [await customer(), await customer()];
    const device = await subscribe(a);
    const again = await m.subscriptions.subscribePush(b, pushSubscriptionSchema.parse({ endpoint: device.endpoint, keys: device.keys }), null);
    expect(again).toMatchObject({ created: false, subscription: { id: device.subscriptionId } });
    expect(await m.db.pushSubscription.findUniqueOrThrow({ where: { id: device.subscriptionId } })).toMatchObject({ userId: b.id });

    const first = await subscribe(a);
    for (let i = 0; i < 10; i++) await subscribe(a);
    const mine = await m.db.pushSubscription.findMany({ where: { userId: a.id }, select: { id: true, userAgent: true } });
    expect(mine).toHaveLength(10);
    expect(mine.map((row) => row.id)).not.toContain(first.subscriptionId);
    expect(mine[0]!.userAgent).toBe("Chrome on Android");
  });

  it("another person's subscription cannot be deleted (404) and stays", async () => {
    const [a, b] = [await customer(), await customer()];
    const device = await subscribe(a);
    await expect(m.subscriptions.unsubscribePush(b, device.subscriptionId)).rejects.toMatchObject({ status: 404 });
    expect(await m.db.pushSubscription.count({ where: { id: device.subscriptionId } })).toBe(1);
    await m.subscriptions.unsubscribePush(a, device.subscriptionId);
    expect(await m.db.pushSubscription.count({ where: { id: device.subscriptionId } })).toBe(0);
  });
});

describe("the endpoint guard (the server POSTs to these URLs)", () => {
  it("refuses non-https, credentials, private and loopback addresses and local names unless listed", () => {
    const refused = [
      "http://push.example.com/x",
      "ftp://push.example.com/x",
      "https://user:pw@push.example.com/x",
      "https://10.1.2.3/x",
      "https://192.168.0.10/x",
      "https://169.254.169.254/latest/meta-data",
      "https://127.0.0.2/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[fd00::1]/x",
      "https://localhost/x",
      "https://localhost./x",
      "https://push.localhost/x",
      "https://intranet/x",
      "https://0.0.0.0/x",
    ];
    for (const url of refused) expect([url, m.push.endpointProblem(url)]).toEqual([url, expect.any(String)]);
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://web.push.apple.com/Q",
      "https://127.0.0.1:8443/push/1",
    ]) {
      expect([url, m.push.endpointProblem(url)]).toEqual([url, null]); // 127.0.0.1: PUSH_ALLOW_PRIVATE_HOSTS in this test
    }
  });

  it("a name that resolves to a private address is refused when connecting (DNS rebinding)", async () => {
    const answer = await new Promise<Error | null>((resolve) => m.push.guardedLookup("localhost", { all: true }, (error) => resolve(error)));
    expect(answer?.message).toMatch(/private address/);
  });

  it("VAPID keys are generated once into the data folder and read back by every process", async () => {
    const { readFileSync } = await import("node:fs");
    const keys = m.push.vapidKeys();
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(JSON.parse(readFileSync(`${dir}/${m.push.VAPID_FILE}`, "utf8"))).toMatchObject({ publicKey: keys.publicKey, privateKey: keys.privateKey });
  });
});

describe("the message", () => {
  it("a delivered order left at the door carries the courier's photo as the notification's image (this site's path); no other message has one", () => {
    const message = (kind: string, payload: object) => m.push.pushMessage({ id: 9, kind, payload: JSON.stringify(payload) });
    expect(message("order_delivered", { orderId: 12, stage: "delivered", dropoffPhoto: true })).toMatchObject({
      body: "Order #12 was left at your door: see the courier's photo",
      image: "/api/orders/12/dropoff-photo",
    });
    expect(message("order_delivered", { orderId: 12, stage: "delivered" })).not.toHaveProperty("image");
    expect(message("order_out_for_delivery", { orderId: 12, stage: "out_for_delivery", dropoffPhoto: true })).not.toHaveProperty("image");
  });
});
