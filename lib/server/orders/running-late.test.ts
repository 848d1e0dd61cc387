import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { formatTime } from "@/lib/shared/time/format-date";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// "Running late" through the notifications (docs/architecture/order-stages.md
// "Arrival window") against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): the orders.running-late job tells the customer of an open order once its
// window (the page's) has passed, once, as their preferences say; never a closed order, never
// before the window ends, and two passes at once write one notice.

setUpTestDatabase();
const { describeIn } = await import("../notifications/words");
const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  place: await import("./place"),
  accept: await import("./accept"),
  stage: await import("./owner-stage"),
  cancel: await import("./cancel"),
  prep: await import("./prep"),
  read: await import("./read"),
  late: await import("./running-late"),
  prefs: await import("../notifications/preferences"),
  jobs: await import("../jobs/definitions"),
  lateJob: await import("../jobs/definitions/running-late"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (date: Date | string, n: number) => new Date(new Date(date).getTime() + n * 60_000);

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada", email: `late${Math.random().toString(36).slice(2)}@example.com` } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function kitchen() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

async function placed(user: User, restaurantId: number, dishId: number) {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: [{ menuItemId: dishId, quantity: 1 }],
    submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), T0));
}

/** An accepted order (15 minutes of preparation) and the window its page shows. */
async function acceptedOrder() {
  const k = await kitchen();
  const user = await customer();
  const order = await placed(user, k.restaurant.id, k.dish.id);
  await m.accept.acceptOrder(k.owner, k.restaurant.id, order.id, 15, minutes(T0, 1));
  return { ...k, user, order, window: await pageWindow(user, order.id) };
}

const pageWindow = async (user: User, orderId: number) => (await m.read.findOwnOrderDetail({ id: user.id } as never, orderId, minutes(T0, 2)))!.arrival!;

const noticesOf = (orderId: number) =>
  m.db.notification.findMany({
    where: { cause: m.late.runningLateCause(orderId) },
    orderBy: { id: "asc" },
    select: { userId: true, kind: true, channel: true, state: true, payload: true },
  });

describe("the running-late notice (orders.running-late)", () => {
  it("is written once the page's window has passed, not before, and once: the bell, and push and email as the defaults say", async () => {
    const { user, order, window } = await acceptedOrder();
    const wakeUps = () => m.db.orderEvent.count({ where: { orderId: order.id, stage: "notification", userId: user.id } });
    const before = await wakeUps();
    await m.lateJob.notifyLateOrders(new Date(window.to));
    expect(await noticesOf(order.id)).toEqual([]);

    await m.lateJob.notifyLateOrders(minutes(window.to, 1));
    const notices = await noticesOf(order.id);
    expect(notices.map(({ userId, kind, channel, state }) => ({ userId, kind, channel, state }))).toEqual([
      { userId: user.id, kind: "order_running_late", channel: "in_app", state: "sent" },
      { userId: user.id, kind: "order_running_late", channel: "email", state: "skipped" }, // off by default
      { userId: user.id, kind: "order_running_late", channel: "push", state: "skipped" }, // no device subscribed
    ]);
    // It names the time that passed, in the restaurant's zone, through the app's one formatter.
    const payload = JSON.parse(notices[0]!.payload) as NotificationPayload;
    expect(payload).toMatchObject({ orderId: order.id, dueBy: window.to, timeZone: "America/Los_Angeles" });
    expect(describeIn("en", "order_running_late", payload).title).toBe(
      `Order #${order.id} is running late: it was expected to arrive by ${formatTime(window.to, "America/Los_Angeles")}`,
    );
    // The customer's bell hears of it.
    expect(await wakeUps()).toBe(before + 1);

    // A later pass tells nothing more.
    await m.lateJob.notifyLateOrders(minutes(window.to, 5));
    expect(await noticesOf(order.id)).toHaveLength(3);
    expect(await wakeUps()).toBe(before + 1);
  });

  it("a window moved later by the kitchen that passes again is not told twice", async () => {
    const { owner, restaurant, user, order, window } = await acceptedOrder();
    await m.lateJob.notifyLateOrders(minutes(window.to, 1));
    expect(await noticesOf(order.id)).toHaveLength(3);
    await m.prep.addPrepMinutes(owner, restaurant.id, order.id, 10, minutes(window.to, 2));
    const moved = await pageWindow(user, order.id);
    expect(new Date(moved.to).getTime()).toBe(minutes(window.to, 10).getTime());
    await m.lateJob.notifyLateOrders(minutes(moved.to, 1));
    expect(await noticesOf(order.id)).toHaveLength(3);
  });

  it("is never written for a closed order (delivered, rejected, canceled), however late", async () => {
    const k = await kitchen();
    const user = await customer();
    const delivered = await placed(user, k.restaurant.id, k.dish.id);
    await m.accept.acceptOrder(k.owner, k.restaurant.id, delivered.id, 15, minutes(T0, 1));
    for (const stage of ["ready", "out_for_delivery", "delivered"] as const) await m.stage.moveOrderStage(k.owner, k.restaurant.id, delivered.id, { stage });
    const rejected = await placed(user, k.restaurant.id, k.dish.id);
    await m.stage.moveOrderStage(k.owner, k.restaurant.id, rejected.id, { stage: "rejected", reason: "too_busy" });
    const canceled = await placed(user, k.restaurant.id, k.dish.id);
    await m.cancel.cancelOrder(user, canceled.id);
    await m.lateJob.notifyLateOrders(minutes(T0, 24 * 60));
    expect(await m.db.notification.count({ where: { userId: user.id, kind: "order_running_late" } })).toBe(0);
  });

  it("follows the customer's preferences: their choice per channel", async () => {
    const { user, order, window } = await acceptedOrder();
    await m.prefs.savePreferences({ id: user.id } as never, {
      preferences: [
        { kind: "order_running_late", channel: "in_app", enabled: false },
        { kind: "order_running_late", channel: "email", enabled: true },
      ],
    });
    await m.lateJob.notifyLateOrders(minutes(window.to, 1));
    expect((await noticesOf(order.id)).map(({ channel, state }) => ({ channel, state }))).toEqual([
      { channel: "in_app", state: "skipped" },
      { channel: "email", state: "pending" },
      { channel: "push", state: "skipped" },
    ]);
    // Told once all the same: the skipped bell row is the notice's record.
    await m.lateJob.notifyLateOrders(minutes(window.to, 2));
    expect(await noticesOf(order.id)).toHaveLength(3);
  });

  it("two passes at the same moment (two instances) write one notice", async () => {
    const { user, order, window } = await acceptedOrder();
    const job = m.jobs.jobDefinitions.find((definition) => definition.id === "orders.running-late");
    expect(job && "run" in job).toBe(true);
    const at = minutes(window.to, 1);
    await Promise.all([m.lateJob.notifyLateOrders(at), m.lateJob.notifyLateOrders(at), m.lateJob.notifyLateOrders(at)]);
    expect((await noticesOf(order.id)).map(({ channel }) => channel)).toEqual(["in_app", "email", "push"]);
    expect(await m.db.notification.count({ where: { userId: user.id, kind: "order_running_late", channel: "in_app" } })).toBe(1);
  });
});
