import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer } from "../support/api";
import { cookieOf, openEventStream } from "../support/events";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Live order events across two instances behind nginx (docs/architecture/live-order-events.md, "Live order events"; nginx
// runs deploy/nginx.conf): a stream held through the proxy on one instance receives an
// event written through the other, while it stays open (nginx passes it on unbuffered).

const proxy = process.env.CLUSTER_URL!;
const instances = (process.env.INSTANCE_URLS ?? "").split(",") as [string, string];

test("an order's whole journey, placed and moved on one instance, reaches streams held through nginx on the other, unbuffered", async () => {
  const owner = await signUpOwner(proxy);
  const signed = await signUpCustomer(proxy);
  const customerStream = await openEventStream(`${proxy}/api/orders/events`, { cookie: await cookieOf(signed.client) });
  const ownerStream = await openEventStream(`${proxy}/api/manage/${owner.restaurant.id}/orders/events`, { cookie: await cookieOf(owner.client) });
  // The owner's one personal stream (GET /api/events), what the app's pages hold.
  const personalStream = await openEventStream(`${proxy}/api/events`, { cookie: await cookieOf(owner.client) });
  const streams = [customerStream, ownerStream, personalStream];
  try {
    for (const s of streams) {
      expect(s.status).toBe(200);
      expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
      // The retry hint arrives before any event: nginx forwards the stream as it comes.
      await expect.poll(() => s.retry).not.toBeNull();
    }
    // The instance that holds the customer's stream (nginx names it); the order goes through the other.
    const holder = customerStream.headers.get("x-nosh-instance")!;
    const other = instances.find((url) => !holder.endsWith(new URL(url).port))!;
    expect(other).toBeDefined();
    const direct = await newClient(other);
    expect((await direct.post("/api/auth/login", { credential: signed.email, password: signed.password })).status()).toBe(200);
    const created = await direct.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await direct.put(`/api/orders/${id}/submit`, standardWallet)).status()).toBe(200);

    for (const s of streams) {
      const placed = await s.waitFor((m) => m.data.orderId === id && m.data.stage === "placed", "the placed event");
      expect(placed.event).toBe("order");
      expect(s.isEnded()).toBe(false);
    }

    // The kitchen moves the order step by step through the same other instance.
    const kitchen = await newClient(other);
    expect((await kitchen.post("/api/auth/login", { credential: owner.email, password: owner.password })).status()).toBe(200);
    const steps = [{ stage: "accepted", prepMinutes: 10 }, { stage: "ready" }, { stage: "out_for_delivery" }, { stage: "delivered" }];
    for (const step of steps) {
      const moved = await kitchen.post(`/api/manage/${owner.restaurant.id}/orders/${id}/stage`, step);
      expect(moved.status(), await moved.text()).toBe(200);
      for (const s of streams) await s.waitFor((m) => m.data.orderId === id && m.data.stage === step.stage, `the ${step.stage} event`);
    }
    for (const s of streams) {
      // The personal stream also carries the owner's bell (`event: notification`).
      const journey = s.messages.filter((m) => m.data.orderId === id && m.event !== "notification");
      expect(journey.map((m) => m.data.stage)).toEqual(["placed", ...steps.map((step) => step.stage)]);
      expect(journey.map((m) => m.id)).toEqual([...journey.map((m) => m.id)].sort((a, b) => a - b));
    }
    await kitchen.dispose();
    await direct.dispose();
  } finally {
    for (const s of streams) s.close();
  }
});
