import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { messageInputSchema } from "@/lib/contract/deliveries/message-rules";
import { MESSAGE_EVENT, MESSAGE_MAX_LENGTH, MESSAGES_PER_MINUTE } from "@/lib/shared/delivery/delivery-messages";
import { said } from "@/lib/shared/words/said";

import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The closed reasons as the API answers them in English (the thread carries them said).
const DELIVERED = "This conversation closed when the order was delivered";
const ENDED = "This conversation closed when the delivery ended";

// Messages between an order's customer and its courier (docs/architecture/stops-and-messages.md
// "Messages"), against a real migrated database: who may read and write (the customer and the
// courier holding the job; operators read; the owner, an offered courier and strangers get a 404),
// closed when the delivery ends (409, still readable), at most MESSAGES_PER_MINUTE a minute per
// sender even in parallel, 1 to 500 characters, deleted 30 days after the job closed.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("./testing/offer-now"),
  jobAccept: await import("../courier-steps/accept"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
  failed: await import("../courier-steps/failed"),
  release: await import("../courier-steps/release"),
  messages: await import("./messages"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const DOOR = { lat: HERE.lat + 2 / 111.32, lng: HERE.lng };
const PAGE = { limit: 100, offset: 0 };
const DAY_MS = 24 * 3600 * 1000;

async function user(data: Partial<User> = {}): Promise<User> {
  return m.db.user.create({
    data: {
      firstName: "Ada",
      email: `ada${Math.random()}@example.com`,
      phoneNumber: `+1415555${Math.floor(Math.random() * 1e6)}`,
      address: "1 Main St",
      city: "San Francisco",
      state: "CA",
      zip: "94110",
      ...DOOR,
      ...data,
    },
  });
}

async function courierOnShift(firstName: string) {
  const row = await m.db.user.create({
    data: { firstName, courier: true, email: `${firstName}${Math.random()}@example.com`, phoneNumber: `+1415555${Math.floor(Math.random() * 1e6)}` },
  });
  await m.db.courierState.create({ data: { userId: row.id, onShift: true, ...HERE, positionAt: new Date() } });
  return { id: row.id, firstName };
}

/** A placed delivery order, accepted by its restaurant and offered to the one courier on shift. */
async function offeredOrder() {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const customer = await user();
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 20_000, kind: "topup" }));
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const courier = await courierOnShift("Dev");
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, paymentFor(input)));
  await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15);
  await m.offerNow.offerNow(placed.id);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  expect(job.courierId).toBe(courier.id);
  return { customer, owner, courier, orderId: placed.id, jobId: job.id };
}

/** The same, accepted by the courier: the thread is open. */
async function liveOrder() {
  const order = await offeredOrder();
  await m.jobAccept.acceptJob(order.courier, order.jobId);
  return order;
}

async function deliver(order: Awaited<ReturnType<typeof liveOrder>>) {
  await m.arrived.arrivedAtPickup(order.courier, order.jobId);
  await m.pickedUp.pickedUp(order.courier, order.jobId, new Date(), { handedOver: true });
  await m.db.courierState.update({ where: { userId: order.courier.id }, data: { ...DOOR, positionAt: new Date() } });
  await m.delivered.deliveredJob(order.courier, order.jobId);
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: { code?: string }) => error.code,
  );

describe("who may read and write", () => {
  it("the customer and the courier holding the job write to each other; the owner, strangers, an offered courier and another courier get a 404", async () => {
    const order = await offeredOrder();
    // Offered, not yet accepted: the courier is not a party, and the customer is told to wait.
    expect(await code(m.messages.jobMessages(order.courier, order.jobId, PAGE))).toBe("not_found");
    expect(await code(m.messages.postOrderMessage(order.customer, order.orderId, "Hello?"))).toBe("conflict");
    expect((await m.messages.orderMessages(order.customer, order.orderId, PAGE)).closedReason).toBe(said("messages.messageNotYet"));

    await m.jobAccept.acceptJob(order.courier, order.jobId);
    const sent = await m.messages.postOrderMessage(order.customer, order.orderId, "  Ring twice, please  ");
    expect(sent).toMatchObject({ sender: "customer", mine: true, body: "Ring twice, please" });
    await m.messages.postJobMessage(order.courier, order.jobId, "On my way");

    const customerView = await m.messages.orderMessages(order.customer, order.orderId, PAGE);
    expect(customerView).toMatchObject({ open: true, closedReason: null });
    expect(customerView.messages.map((message) => [message.sender, message.mine, message.body])).toEqual([
      ["customer", true, "Ring twice, please"],
      ["courier", false, "On my way"],
    ]);
    const courierView = await m.messages.jobMessages(order.courier, order.jobId, PAGE);
    expect(courierView.messages.map((message) => [message.sender, message.mine])).toEqual([
      ["customer", false],
      ["courier", true],
    ]);
    // Nothing of either side's phone or email, nor an id of theirs, in what the other reads.
    const text = JSON.stringify([customerView, courierView]);
    expect(text).not.toContain("555");
    expect(text).not.toContain("@example.com");
    expect(Object.keys(courierView.messages[0]).sort()).toEqual(["at", "body", "id", "mine", "sender"]);
    // A page of the thread.
    expect((await m.messages.orderMessages(order.customer, order.orderId, { limit: 1, offset: 1 })).messages.map((message) => message.body)).toEqual(["On my way"]);

    // The restaurant's owner is not a party; nor a stranger, nor another courier.
    const stranger = await user();
    const other = await courierOnShift("Sam");
    expect(await code(m.messages.orderMessages(order.owner, order.orderId, PAGE))).toBe("not_found");
    expect(await code(m.messages.postOrderMessage(order.owner, order.orderId, "Hi"))).toBe("not_found");
    expect(await code(m.messages.orderMessages(stranger, order.orderId, PAGE))).toBe("not_found");
    expect(await code(m.messages.jobMessages(other, order.jobId, PAGE))).toBe("not_found");
    expect(await code(m.messages.postJobMessage(other, order.jobId, "Hi"))).toBe("not_found");
    // An operator reads, and may not write.
    const operator = await user({ operator: true });
    const operatorView = await m.messages.orderMessages(operator, order.orderId, PAGE);
    expect(operatorView.messages).toHaveLength(2);
    expect(operatorView.open).toBe(false);
    expect(await code(m.messages.postOrderMessage(operator, order.orderId, "Hi"))).toBe("not_found");
    // The operators' problem-report page reads each order's thread in one go.
    const threads = await m.messages.operatorThreads([order.orderId, order.orderId + 1_000_000]);
    expect(Object.keys(threads)).toEqual([String(order.orderId)]);
    expect(threads[order.orderId].map((message) => [message.sender, message.body])).toEqual([
      ["customer", "Ring twice, please"],
      ["courier", "On my way"],
    ]);
    expect(await m.db.deliveryMessage.count({ where: { orderId: order.orderId } })).toBe(2);
  });

  it("each message wakes the other side's stream with its id, never its text, and never the owner's board", async () => {
    const order = await liveOrder();
    const sent = await m.messages.postJobMessage(order.courier, order.jobId, "Outside now");
    const events = await m.db.orderEvent.findMany({ where: { orderId: order.orderId, stage: MESSAGE_EVENT } });
    expect(events.map((event) => [event.userId, event.restaurantId]).sort()).toEqual(
      [
        [order.customer.id, null],
        [order.courier.id, null],
      ].sort(),
    );
    for (const event of events) {
      expect(JSON.parse(event.detail!)).toEqual({ jobId: order.jobId, messageId: sent.id });
      expect(event.detail).not.toContain("Outside");
    }
  });

  it("a courier who released the job no longer reads it, and the next courier reads only their own messages", async () => {
    const order = await liveOrder();
    await m.messages.postJobMessage(order.courier, order.jobId, "From the first courier");
    await m.db.courierState.update({ where: { userId: order.courier.id }, data: { onShift: false } });
    const next = await courierOnShift("Kim");
    await m.release.releaseJob(order.courier, order.jobId);
    expect(await code(m.messages.jobMessages(order.courier, order.jobId, PAGE))).toBe("not_found");
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { id: order.jobId } });
    expect(job.courierId).toBe(next.id);
    await m.jobAccept.acceptJob(next, order.jobId);
    await m.messages.postJobMessage(next, order.jobId, "From the second courier");
    expect((await m.messages.jobMessages(next, order.jobId, PAGE)).messages.map((message) => message.body)).toEqual(["From the second courier"]);
    expect((await m.messages.orderMessages(order.customer, order.orderId, PAGE)).messages).toHaveLength(2);
  });
});

describe("closed when the delivery ends", () => {
  it("after delivery both sides get a 409 and still read the thread", async () => {
    const order = await liveOrder();
    await m.messages.postOrderMessage(order.customer, order.orderId, "Thanks!");
    await deliver(order);
    await expect(m.messages.postOrderMessage(order.customer, order.orderId, "One more")).rejects.toMatchObject({ code: "conflict", message: DELIVERED });
    await expect(m.messages.postJobMessage(order.courier, order.jobId, "Enjoy")).rejects.toMatchObject({ code: "conflict", message: DELIVERED });
    for (const view of [await m.messages.orderMessages(order.customer, order.orderId, PAGE), await m.messages.jobMessages(order.courier, order.jobId, PAGE)]) {
      expect(view).toMatchObject({ open: false, closedReason: said("messages.threadDelivered") });
      expect(view.messages.map((message) => message.body)).toEqual(["Thanks!"]);
    }
  });

  it("after a failed delivery too", async () => {
    const order = await liveOrder();
    await m.arrived.arrivedAtPickup(order.courier, order.jobId);
    await m.pickedUp.pickedUp(order.courier, order.jobId, new Date(), { handedOver: true });
    await m.failed.failedJob(order.courier, order.jobId, { reason: "unreachable" });
    await expect(m.messages.postOrderMessage(order.customer, order.orderId, "Where are you?")).rejects.toMatchObject({ code: "conflict", message: ENDED });
  });
});

describe("limits", () => {
  it(`the body is trimmed text of 1 to ${MESSAGE_MAX_LENGTH} characters, named in the 400`, () => {
    expect(messageInputSchema.parse({ body: ` ${"a".repeat(MESSAGE_MAX_LENGTH)} ` }).body).toHaveLength(MESSAGE_MAX_LENGTH);
    for (const body of ["a".repeat(MESSAGE_MAX_LENGTH + 1), "   ", "", undefined, 5]) {
      const result = messageInputSchema.safeParse({ body });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0].path).toEqual(["body"]);
    }
  });

  it(`at most ${MESSAGES_PER_MINUTE} messages a minute per sender, counted even when sent at once; a minute later it may write again`, async () => {
    const order = await liveOrder();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE + 5 }, (_, i) => code(m.messages.postOrderMessage(order.customer, order.orderId, `Message ${i}`, now))),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(MESSAGES_PER_MINUTE);
    expect(results.filter((result) => result === "too_many_requests")).toHaveLength(5);
    expect(await m.db.deliveryMessage.count({ where: { orderId: order.orderId } })).toBe(MESSAGES_PER_MINUTE);
    // The courier's own count is separate.
    expect(await code(m.messages.postJobMessage(order.courier, order.jobId, "Got it", now))).toBe("ok");
    await expect(m.messages.postOrderMessage(order.customer, order.orderId, "Again", new Date(now.getTime() + 1_000))).rejects.toMatchObject({
      code: "too_many_requests",
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    expect(await code(m.messages.postOrderMessage(order.customer, order.orderId, "A minute later", new Date(now.getTime() + 61_000)))).toBe("ok");
  });

  it("messages are deleted 30 days after the delivery closed, not before", async () => {
    const old = await liveOrder();
    await m.messages.postOrderMessage(old.customer, old.orderId, "Old news");
    await deliver(old);
    const recent = await liveOrder();
    await m.messages.postOrderMessage(recent.customer, recent.orderId, "Still kept");
    await deliver(recent);
    const live = await liveOrder();
    await m.messages.postOrderMessage(live.customer, live.orderId, "Live");
    const now = new Date();
    await m.db.deliveryJob.update({ where: { id: old.jobId }, data: { closedAt: new Date(now.getTime() - 31 * DAY_MS) } });
    await m.db.deliveryJob.update({ where: { id: recent.jobId }, data: { closedAt: new Date(now.getTime() - 29 * DAY_MS) } });
    expect(await m.messages.purgeMessages(now)).toBe(1);
    expect(await m.db.deliveryMessage.count({ where: { orderId: old.orderId } })).toBe(0);
    expect(await m.db.deliveryMessage.count({ where: { orderId: recent.orderId } })).toBe(1);
    expect(await m.db.deliveryMessage.count({ where: { orderId: live.orderId } })).toBe(1);
    expect(await m.messages.purgeMessages(now)).toBe(0);
  });
});
