import { describe, expect, it, vi } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The kitchen's controls (docs/architecture/kitchen.md) against a real, migrated
// database: a pause refuses orders for now until it ends by itself (slots from its end on are
// taken), busy minutes go on every accepted order's prep time, a dish sold out is refused at
// checkout until the restaurant's next opening, and every change moves the restaurant's catalog scope.

setUpTestDatabase();
const m = {
  errors: await import("../platform/errors"),
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("./manage"),
  kitchen: await import("./kitchen"),
  restaurants: { ...(await import("./restaurants")), ...(await import("./open-now")) },
  soldOut: await import("../menu/sold-out"),
  menu: await import("../menu/menu-items"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  stage: await import("../orders/owner-stage"),
  read: await import("../orders/read"),
  json: await import("../orders/to-json"),
  autoAccept: await import("../orders/auto-accept"),
  demoKitchen: await import("../orders/demo-kitchen"),
  cancel: await import("../orders/cancel"),
  incoming: await import("../orders/incoming"),
};

// 19:10 in Los Angeles (PST, UTC-8) on Nov 25, 2026.
const at = (iso: string) => new Date(iso);
const T0 = at("2026-11-26T03:10:00Z");
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function kitchen() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, dumplings: await dish("Dumplings"), noodles: await dish("Noodles") };
}

const now = (deliveryOption = "standard", scheduledFor?: string) =>
  ({ deliveryOption, ...(scheduledFor ? { scheduledFor } : {}), tip: 0, paymentMethod: "wallet" }) as const;
const checkout = (user: User, restaurantId: number, menuItemIds: number[], submit: object, when: Date) => {
  const input = placeOrderSchema.parse({ restaurantId, items: menuItemIds.map((menuItemId) => ({ menuItemId, quantity: 1 })), submit });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), when));
};
const scopeVersion = async (scope: string) =>
  Number((await m.db.$queryRawUnsafe<{ version: number | bigint }[]>(`SELECT "version" FROM "CatalogScope" WHERE "scope" = '${scope}'`))[0]?.version ?? 0);

describe("Pause new orders", () => {
  it("refuses orders for now until the pause ends by itself, naming the time in the restaurant's zone; slots from its end on are taken", async () => {
    const { owner, restaurant, dumplings } = await kitchen();
    const user = await customer();
    const before = await scopeVersion(`restaurant:${restaurant.id}`);
    const paused = await m.kitchen.updateKitchen(owner, restaurant.id, { pause: "30" }, T0);
    expect(paused.pausedUntil?.toISOString()).toBe(minutes(T0, 30).toISOString());
    // The restaurant's pages are thrown away at once: its row's scope moved.
    expect(await scopeVersion(`restaurant:${restaurant.id}`)).toBeGreaterThan(before);

    const message = "Lantern Noodle House is not taking orders until 7:40 PM. You can schedule an order for later.";
    await expect(checkout(user, restaurant.id, [dumplings.id], now(), minutes(T0, 10))).rejects.toMatchObject({
      status: 409,
      message,
      errors: { "submit.deliveryOption": message },
    });
    // For a Spanish request, in Spanish (errorResponse, given the request's language), the field renamed under `submit.` too.
    const refused = await checkout(user, restaurant.id, [dumplings.id], now(), minutes(T0, 10)).catch((error: unknown) => error);
    const spanish = "Lantern Noodle House no acepta pedidos hasta las 19:40. Puedes programar un pedido para más tarde.";
    expect(JSON.parse(await m.errors.errorResponse(refused, "es").text())).toEqual({ message: spanish, errors: { "submit.deliveryOption": spanish } });
    // Pickup for now too.
    await expect(checkout(user, restaurant.id, [dumplings.id], now("pickup"), minutes(T0, 10))).rejects.toMatchObject({ status: 409, message });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    // Back by itself: nothing to switch off.
    const placed = await checkout(user, restaurant.id, [dumplings.id], now(), minutes(T0, 30));
    expect(placed.stage).toBe("placed");
  });

  it("takes a scheduled order for a slot from the pause's end on, and refuses one before it", async () => {
    const { owner, restaurant, dumplings } = await kitchen();
    const user = await customer();
    await m.kitchen.updateKitchen(owner, restaurant.id, { pause: "60" }, T0); // until 20:10
    const slot = (hhmm: string) => at(`2026-11-26T${String(Number(hhmm.slice(0, 2)) + 8 - 24).padStart(2, "0")}:${hhmm.slice(3)}:00.000Z`).toISOString();
    await expect(checkout(user, restaurant.id, [dumplings.id], now("schedule", slot("20:00")), minutes(T0, 5))).rejects.toMatchObject({
      status: 409,
      errors: { "submit.scheduledFor": "Lantern Noodle House is not taking orders until 8:10 PM. You can schedule an order for later." },
    });
    const later = await checkout(user, restaurant.id, [dumplings.id], now("schedule", slot("20:30")), minutes(T0, 5));
    expect(later.scheduledFor?.toISOString()).toBe(slot("20:30"));
  });

  it("'today' lasts until the restaurant's local midnight; 'off' ends it; the JSON says it only while it lasts", async () => {
    const { owner, restaurant } = await kitchen();
    const today = await m.kitchen.updateKitchen(owner, restaurant.id, { pause: "today" }, T0);
    expect(today.pausedUntil?.toISOString()).toBe("2026-11-26T08:00:00.000Z");
    // A pause from the real clock is in the JSON; the list's kept answer ends with it.
    const live = await m.kitchen.updateKitchen(owner, restaurant.id, { pause: "15" });
    expect(m.restaurants.restaurantToJson(live, "USD").pausedUntil).toBe(live.pausedUntil!.toISOString());
    expect(m.restaurants.restaurantsUntil([live])).toBeLessThanOrEqual(live.pausedUntil!.getTime());
    const off = await m.kitchen.updateKitchen(owner, restaurant.id, { pause: "off" });
    expect(off.pausedUntil).toBeNull();
    expect(m.restaurants.restaurantToJson(off, "USD").pausedUntil).toBeNull();
    // A pause whose end has passed reads as none.
    const ended = await m.db.restaurant.update({ where: { id: restaurant.id }, data: { pausedUntil: new Date(Date.now() - 1_000) } });
    expect(m.restaurants.restaurantToJson(ended, "USD").pausedUntil).toBeNull();
  });

  it("is the owner's alone: anyone else's call is a 404 and changes nothing", async () => {
    const { restaurant } = await kitchen();
    const stranger = await m.db.user.create({ data: { firstName: "Eve" } });
    await expect(m.kitchen.updateKitchen(stranger, restaurant.id, { pause: "15" }, T0)).rejects.toMatchObject({ status: 404 });
    await expect(m.soldOut.setSoldOut(stranger, restaurant.id, { menuItemId: 1, soldOut: true }, T0)).rejects.toMatchObject({ status: 404 });
    expect((await m.db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } })).pausedUntil).toBeNull();
  });
});

describe("Busy", () => {
  it("adds its minutes to every prep time accepted today, and to the estimate; not after the restaurant's midnight", async () => {
    const { owner, restaurant, dumplings } = await kitchen();
    const user = await customer();
    const busy = await m.kitchen.updateKitchen(owner, restaurant.id, { busyExtraMinutes: 20 }, T0);
    expect(busy.busyUntil?.toISOString()).toBe("2026-11-26T08:00:00.000Z");
    const first = await checkout(user, restaurant.id, [dumplings.id], now(), T0);
    const accepted = await m.accept.acceptOrder(owner, restaurant.id, first.id, 15, minutes(T0, 1));
    expect(accepted.prepMinutes).toBe(35);
    expect(accepted.estimatedReadyAt?.toISOString()).toBe(minutes(T0, 36).toISOString());
    // Tomorrow: back to the owner's own time.
    const tomorrow = at("2026-11-26T19:00:00Z");
    const second = await checkout(user, restaurant.id, [dumplings.id], now(), tomorrow);
    expect((await m.accept.acceptOrder(owner, restaurant.id, second.id, 15, tomorrow)).prepMinutes).toBe(15);
    // The JSON's estimate minutes while busy (by the real clock).
    const live = await m.kitchen.updateKitchen(owner, restaurant.id, { busyExtraMinutes: 10 });
    expect(m.restaurants.restaurantToJson(live, "USD").busyExtraMinutes).toBe(10);
    expect(m.restaurants.restaurantToJson(await m.kitchen.updateKitchen(owner, restaurant.id, { busyExtraMinutes: 0 }), "USD").busyExtraMinutes).toBe(0);
  });
});

describe("Sold out", () => {
  it("a dish sold out until the next opening: greyed in the menu, refused at checkout with a way out, back at the opening", async () => {
    const { owner, restaurant, dumplings, noodles } = await kitchen();
    const user = await customer();
    // Open 17:00-20:00 in Los Angeles; 19:10 there.
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { hours: JSON.stringify(everyDay({ open: "17:00", close: "20:00" })) } });
    // An order at checkout holding it, made before it ran out.
    const active = await m.sql.sqlTransaction((sql) =>
      m.create.createOrder(
        sql,
        user,
        placeOrderSchema.parse({
          restaurantId: restaurant.id,
          items: [
            { menuItemId: dumplings.id, quantity: 1 },
            { menuItemId: noodles.id, quantity: 1 },
          ],
        }),
        T0,
      ),
    );
    const menuBefore = await scopeVersion(`menu:${restaurant.id}`);
    const marked = await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dumplings.id, soldOut: true }, T0);
    // Tomorrow 17:00 in Los Angeles.
    expect(marked.soldOutUntil).toBe("2026-11-27T01:00:00.000Z");
    expect(await scopeVersion(`menu:${restaurant.id}`)).toBeGreaterThan(menuBefore);

    const message = "Dumplings is sold out today. Remove it to continue.";
    await expect(checkout(user, restaurant.id, [noodles.id, dumplings.id], now(), minutes(T0, 1))).rejects.toMatchObject({
      status: 409,
      message,
      errors: { "items.1": message },
    });
    await expect(
      m.db.$transaction((tx) =>
        m.place.placeOrder(
          m.sql.sqlOf(tx),
          user,
          { activeOrderId: active.id },
          submitOrderSchema.parse(now()),
          paymentFor(submitOrderSchema.parse(now())),
          minutes(T0, 1),
        ),
      ),
    ).rejects.toMatchObject({ status: 409, errors: { items: message } });
    // The checkout page's line says so, and its Remove makes an order of the rest. orderToJson reads
    // the clock: read at T0 + 1 minute like the checkouts around it (by the real clock this test's
    // fixed day is over, and the dish back), only Date faked and only for that synchronous call.
    const row = await m.db.order.findUniqueOrThrow({ where: { id: active.id }, include: (await import("../orders/include")).orderInclude });
    vi.useFakeTimers({ toFake: ["Date"], now: minutes(T0, 1) });
    let lines: ReturnType<typeof m.json.orderToJson>["orderItems"];
    try {
      lines = m.json.orderToJson(row).orderItems;
    } finally {
      vi.useRealTimers();
    }
    expect(lines.map((line) => [line.name, line.soldOut, line.unavailable])).toEqual([
      ["Dumplings", true, true],
      ["Noodles", false, false],
    ]);
    expect((await checkout(user, restaurant.id, [noodles.id], now(), minutes(T0, 1))).stage).toBe("placed");
    // Back at the next opening, with nothing to undo.
    expect((await checkout(user, restaurant.id, [dumplings.id], now(), at("2026-11-27T01:00:00Z"))).stage).toBe("placed");
  });

  it("'back' makes it available at once; a restaurant open around the clock has it back at its midnight; the menu JSON says so", async () => {
    const { owner, restaurant, dumplings } = await kitchen();
    const allDay = await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dumplings.id, soldOut: true }, T0);
    expect(allDay.soldOutUntil).toBe("2026-11-26T08:00:00.000Z");
    await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dumplings.id, soldOut: true });
    const [item] = await m.menu.findMenuItems([dumplings.id]);
    expect(m.menu.menuItemToJson(item!).soldOutUntil).not.toBeNull();
    expect(m.menu.menuItemsUntil([item!])).toBe(Date.parse(m.menu.menuItemToJson(item!).soldOutUntil!));
    await m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: dumplings.id, soldOut: false });
    const [back] = await m.menu.findMenuItems([dumplings.id]);
    expect(m.menu.menuItemToJson(back!).soldOutUntil).toBeNull();
    // Another restaurant's dish is a 404.
    const other = await kitchen();
    await expect(m.soldOut.setSoldOut(owner, restaurant.id, { menuItemId: other.dumplings.id, soldOut: true })).rejects.toMatchObject({ status: 404 });
  });

  it("rejecting for a missing item marks the order's dishes chosen sold out (only those of the order)", async () => {
    const { owner, restaurant, dumplings, noodles } = await kitchen();
    const other = await kitchen();
    const user = await customer();
    const order = await checkout(user, restaurant.id, [dumplings.id], now(), T0);
    await m.stage.moveOrderStage(owner, restaurant.id, order.id, { stage: "rejected", reason: "out_of_stock", soldOut: [dumplings.id, noodles.id, other.dumplings.id] });
    const rows = await m.db.menuItem.findMany({ where: { id: { in: [dumplings.id, noodles.id, other.dumplings.id] } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.name, row.soldOutUntil !== null])).toEqual([
      ["Dumplings", true],
      ["Noodles", false],
      ["Dumplings", false],
    ]);
  });
});

describe("Auto-accept", () => {
  it("accepts each new order of a restaurant that has it on, with its default prep time and busy minutes, once across two passes at once; others wait for their owner", async () => {
    const on = await kitchen();
    const off = await kitchen();
    const user = await customer();
    await m.kitchen.updateKitchen(on.owner, on.restaurant.id, { autoAccept: true, defaultPrepMinutes: 25, busyExtraMinutes: 10 }, T0);
    const orders = [
      await checkout(user, on.restaurant.id, [on.dumplings.id], now(), T0),
      await checkout(user, on.restaurant.id, [on.noodles.id], now("pickup"), T0),
      await checkout(user, on.restaurant.id, [on.dumplings.id], now(), T0),
    ];
    const waiting = await checkout(user, off.restaurant.id, [off.dumplings.id], now(), T0);

    const passes = await Promise.all([m.autoAccept.autoAcceptOrders(minutes(T0, 1)), m.autoAccept.autoAcceptOrders(minutes(T0, 1))]);
    expect(passes[0]! + passes[1]!).toBe(3);
    const rows = await m.db.order.findMany({ where: { id: { in: orders.map((o) => o.id) } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.stage, r.prepMinutes])).toEqual([
      ["accepted", 35],
      ["accepted", 35],
      ["accepted", 35],
    ]);
    expect(rows[0]!.estimatedReadyAt?.toISOString()).toBe(minutes(T0, 36).toISOString());
    expect((await m.db.order.findUniqueOrThrow({ where: { id: waiting.id } })).stage).toBe("placed");
    expect(await m.autoAccept.autoAcceptOrders(minutes(T0, 2))).toBe(0);

    // Switched off: the next order waits for the owner.
    await m.kitchen.updateKitchen(on.owner, on.restaurant.id, { autoAccept: false }, T0);
    const later = await checkout(user, on.restaurant.id, [on.dumplings.id], now(), minutes(T0, 3));
    expect(await m.autoAccept.autoAcceptOrders(minutes(T0, 3))).toBe(0);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: later.id } })).stage).toBe("placed");
  });
});

describe("The demo kitchen", () => {
  it("a demo owner's order nobody took for a minute is accepted with the default prep time, then marked ready when it is up; a person's restaurant, a canceled order and an order for later are left alone", async () => {
    const demo = await kitchen();
    await m.db.user.update({ where: { id: demo.owner.id }, data: { demoAccount: true } });
    const person = await kitchen();
    const user = await customer();
    const order = await checkout(user, demo.restaurant.id, [demo.dumplings.id], now(), T0);
    const canceled = await checkout(user, demo.restaurant.id, [demo.noodles.id], now(), T0);
    await m.cancel.cancelOrder(user, canceled.id);
    const theirs = await checkout(user, person.restaurant.id, [person.dumplings.id], now(), T0);
    const stages = async () => (await m.db.order.findMany({ where: { id: { in: [order.id, canceled.id, theirs.id] } }, orderBy: { id: "asc" } })).map((o) => o.stage);

    // Within the minute the spec's flows are the people's: nothing moves.
    expect(await m.demoKitchen.runDemoKitchen(minutes(T0, 0.5))).toEqual({ accepted: 0, ready: 0 });
    expect(await m.demoKitchen.runDemoKitchen(minutes(T0, 1.5))).toEqual({ accepted: 1, ready: 0 });
    expect(await stages()).toEqual(["accepted", "canceled", "placed"]);
    const accepted = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(accepted.prepMinutes).toBe(demo.restaurant.defaultPrepMinutes);
    // Ready when its prep time is up, not before.
    expect(await m.demoKitchen.runDemoKitchen(minutes(T0, 1.5 + accepted.prepMinutes! - 1))).toEqual({ accepted: 0, ready: 0 });
    expect(await m.demoKitchen.runDemoKitchen(minutes(T0, 1.5 + accepted.prepMinutes!))).toEqual({ accepted: 0, ready: 1 });
    expect(await stages()).toEqual(["ready", "canceled", "placed"]);
  });

  it("DEMO_SPEED times faster (the demo journey's test): taken after a minute divided by it, ready after the prep time divided by it", async () => {
    const demo = await kitchen();
    await m.db.user.update({ where: { id: demo.owner.id }, data: { demoAccount: true } });
    const order = await checkout(await customer(), demo.restaurant.id, [demo.dumplings.id], now(), T0);
    const at = (seconds: number) => new Date(T0.getTime() + seconds * 1_000);
    expect(await m.demoKitchen.runDemoKitchen(at(0.5), 60)).toEqual({ accepted: 0, ready: 0 });
    expect(await m.demoKitchen.runDemoKitchen(at(1), 60)).toEqual({ accepted: 1, ready: 0 });
    const prep = (await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).prepMinutes!;
    // The estimate the customer sees is the real one; the simulated kitchen is done a minute for each hour of it.
    expect(await m.demoKitchen.runDemoKitchen(at(1 + prep - 1), 60)).toEqual({ accepted: 0, ready: 0 });
    expect(await m.demoKitchen.runDemoKitchen(at(1 + prep), 60)).toEqual({ accepted: 0, ready: 1 });
  });
});

describe("start cooking when the courier is N minutes away", () => {
  it("is off by default; the owner sets and clears it, the board carries it; anyone else's is a 404 and the column refuses what the rule does", async () => {
    const { owner, restaurant } = await kitchen();
    expect((await m.incoming.getBoard(owner, restaurant.id)).startCookingMinutes).toBeNull();
    expect(await m.kitchen.setStartCooking(owner, restaurant.id, { startCookingMinutes: 12 })).toEqual({ startCookingMinutes: 12 });
    expect((await m.incoming.getBoard(owner, restaurant.id)).startCookingMinutes).toBe(12);
    const stranger = await m.db.user.create({ data: { firstName: "Eve" } });
    await expect(m.kitchen.setStartCooking(stranger, restaurant.id, { startCookingMinutes: 5 })).rejects.toMatchObject({ status: 404 });
    await expect(m.db.restaurant.update({ where: { id: restaurant.id }, data: { startCookingMinutes: 61 } })).rejects.toThrow();
    expect(await m.kitchen.setStartCooking(owner, restaurant.id, { startCookingMinutes: null })).toEqual({ startCookingMinutes: null });
    expect((await m.incoming.getBoard(owner, restaurant.id)).startCookingMinutes).toBeNull();
  });
});
