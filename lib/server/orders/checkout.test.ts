import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { CHECKOUT_SAID } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema, type PlaceOrderInput } from "@/lib/contract/orders/rules";
import { createDb } from "../platform/create-db";
import { restaurantInput, setUpTestDatabase, testingOnPostgres, walletCentsOf, installAppDb } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The one-call checkout (POST /api/orders with `submit`, checkout.ts) against a real, migrated
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the same order, charge, ledger row and
// event as create + submit, in fewer statements; every refusal leaves nothing behind; a burst of
// checkouts on one wallet charges exactly what it holds; a retried Idempotency-Key charges once.

const test = setUpTestDatabase();
// The app's client, created here with a query listener so the test can count statements.
const statements: string[] = [];
installAppDb(createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  json: await import("./to-json"),
  idempotency: await import("../web/idempotency"),
};

async function customer(walletCents = 10_000): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  if (walletCents) await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurantWithDishes() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, dumplings: await dish("Dumplings", 1_000), noodles: await dish("Noodles", 1_250) };
}

const walletOf = (user: User) => walletCentsOf(m.db, user.id);

async function ledgerMatchesBalance(user: User) {
  const rows = await m.db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  const balance = await walletOf(user);
  expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(balance);
  expect(rows.at(-1)?.balanceAfterCents ?? 0).toBe(balance);
}

const body = (
  restaurantId: number,
  items: { menuItemId: number; quantity: number }[],
  submit: object = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" },
) => placeOrderSchema.parse({ restaurantId, items, submit });
/** The route's way (POST /api/orders without an Idempotency-Key): sqlTransaction, directly on SQLite's connection. */
const checkout = (user: User, input: PlaceOrderInput, now?: Date) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), now));
/** The same in a Prisma transaction (with an Idempotency-Key, and always on PostgreSQL): its statements are counted. */
const checkoutInPrisma = (user: User, input: PlaceOrderInput, now?: Date) =>
  m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { cart: input }, input.submit!, paymentFor(input.submit!), now));

/** The same one-dish wallet checkout (no tip) at four restaurants of the same prices. */
async function fourRestaurants(): Promise<PlaceOrderInput[]> {
  const shops = [await restaurantWithDishes(), await restaurantWithDishes(), await restaurantWithDishes(), await restaurantWithDishes()];
  return shops.map(({ restaurant, dumplings }) =>
    body(restaurant.id, [{ menuItemId: dumplings.id, quantity: 1 }], { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" }),
  );
}

/** The statements Prisma sends while `work` runs. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  statements.length = 0;
  const result = await work();
  return { result, statements: [...statements] };
}

/** An order's JSON without what differs between two orders placed the same way (ids, times). */
const comparable = (json: ReturnType<typeof m.json.orderToJson>) =>
  JSON.parse(
    JSON.stringify(json, (key, value) =>
      ["id", "createdAt", "submittedAt", "at", "updatedAt", "orderId", "estimatedArrivalFrom", "estimatedArrivalTo"].includes(key) ? undefined : value,
    ),
  );

describe("one-call checkout", () => {
  it("places and charges exactly what create + submit do, in fewer statements", async () => {
    const user = await customer(100_000);
    const { restaurant, dumplings, noodles } = await restaurantWithDishes();
    const input = body(restaurant.id, [
      { menuItemId: dumplings.id, quantity: 2 },
      { menuItemId: noodles.id, quantity: 1 },
    ]);
    const oneCall = await counted(() => checkoutInPrisma(user, input));
    const twoStep = await counted(async () => {
      const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, input));
      return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, input.submit!, paymentFor(input.submit!)));
    });
    const order = oneCall.result;
    expect(order).toMatchObject({ stage: "placed", paymentMethod: "wallet", subtotalCents: 3_250 });
    expect(comparable(m.json.orderToJson(order))).toEqual(comparable(m.json.orderToJson(twoStep.result)));
    // The answer is what a read of the stored order gives.
    const stored = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, include: (await import("./include")).orderInclude });
    expect(m.json.orderToJson(order)).toEqual(m.json.orderToJson(stored));
    expect(await m.db.walletTransaction.findMany({ where: { orderId: order.id }, select: { kind: true, amountCents: true } })).toEqual([
      { kind: "payment", amountCents: -order.totalCents },
    ]);
    expect((await m.db.orderEvent.findMany({ where: { orderId: order.id, stage: { not: "notification" } } })).map((event) => event.stage)).toEqual(["placed"]);
    await ledgerMatchesBalance(user);
    // Prisma's statements (better-sqlite3's BEGIN IMMEDIATE is the adapter's, not counted): the
    // restaurant with the cart's dishes, their option groups and options (one join, readCart); the
    // customer's live membership (membership/benefit.ts); the restaurant's sales tax rates (orders/tax-rate.ts); the order, its lines, the placed event (with the bells' wake-ups); the payment's ledger entry
    // (lib/server/ledger/post.ts: the wallet's promotional credit read, spent before its paid money
    // (ledger/wallet-parts.ts), the entry, the conditional debit, the wallet's statement row,
    // clearing's balance, the two lines in one INSERT); the notification outbox's rows
    // (docs/architecture/notifications.md); the restaurant's webhook messages for order.placed (one
    // INSERT ... SELECT of its subscribed endpoints, webhooks/queries.ts); the account's open orders counted (open-orders.ts;
    // on PostgreSQL after its row is locked); COMMIT.
    if (process.env.SHOW_SQL) console.log(oneCall.statements.join("\n"), "\n----\n", twoStep.statements.join("\n"));
    expect(oneCall.statements).toHaveLength(testingOnPostgres ? 17 : 16);
    // At most half the two-step way (exactly half on PostgreSQL since the membership read joined both).
    expect(oneCall.statements.length * 2).toBeLessThanOrEqual(twoStep.statements.length);
    // The route's transaction (directly on SQLite's connection): the same order, the same rows.
    const direct = await checkout(user, input);
    expect(comparable(m.json.orderToJson(direct))).toEqual(comparable(m.json.orderToJson(order)));
    const directStored = await m.db.order.findUniqueOrThrow({ where: { id: direct.id }, include: (await import("./include")).orderInclude });
    expect(m.json.orderToJson(direct)).toEqual(m.json.orderToJson(directStored));
    expect(directStored.createdAt.getTime()).toBeGreaterThanOrEqual(order.createdAt.getTime());
    expect(await m.db.walletTransaction.findMany({ where: { orderId: direct.id }, select: { kind: true, amountCents: true } })).toEqual([
      { kind: "payment", amountCents: -direct.totalCents },
    ]);
    await ledgerMatchesBalance(user);
  });

  it("the route's transactions and Prisma's, racing on one wallet, never interleave: every charge and ledger row adds up", async () => {
    // Four restaurants, three checkouts each, and a wallet that pays for four: the account's
    // open-order limits (open-orders.ts) never refuse here, the wallet does.
    const inputs = await fourRestaurants();
    const price = (await checkout(await customer(), inputs[0]!)).totalCents;
    const user = await customer(price * 4);
    // Six checkouts each way and six top-ups through Prisma's own statements, all at once; a
    // plain read while a transaction is open waits for it (it would otherwise run inside it).
    const results = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) => checkout(user, inputs[i % 4]!)),
      ...Array.from({ length: 6 }, (_, i) => checkoutInPrisma(user, inputs[(i + 2) % 4]!)),
      ...Array.from({ length: 6 }, () => m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 1, kind: "topup" }))),
      ...Array.from({ length: 6 }, () => walletOf(user)),
    ]);
    expect(results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason.message)).toEqual(
      Array(8).fill(inEnglish(CHECKOUT_SAID.insufficientFunds)),
    );
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(4);
    expect(await walletOf(user)).toBe(6);
    await ledgerMatchesBalance(user);
  });

  it("reads the restaurant and the cart's dishes with their groups and options in one statement, as Prisma's include reads them", async () => {
    const { restaurant, dumplings, noodles } = await restaurantWithDishes();
    const other = await restaurantWithDishes();
    // Dumplings: two groups out of position order in id (the read orders by position), an empty
    // group, a sold-out option; noodles: no groups; `other`'s dish is not on this menu.
    const group = (menuItemId: number, name: string, position: number, options: { name: string; priceDeltaCents: number; position: number; soldOutOn?: string }[]) =>
      m.db.optionGroup.create({ data: { menuItemId, name, minChoices: 0, maxChoices: 2, position, options: { create: options } } });
    await group(dumplings.id, "Extras", 1, [
      { name: "Chili oil", priceDeltaCents: 50, position: 1 },
      { name: "Scallions", priceDeltaCents: 0, position: 0, soldOutOn: "2026-01-01" },
    ]);
    await group(dumplings.id, "Size", 0, [
      { name: "Large", priceDeltaCents: 300, position: 1 },
      { name: "Regular", priceDeltaCents: 0, position: 0 },
    ]);
    await group(dumplings.id, "Nothing yet", 2, []);
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { servicing: false } });
    const ids = [noodles.id, dumplings.id, other.dumplings.id];
    const viaPrisma = await m.db.restaurant.findUniqueOrThrow({
      where: { id: restaurant.id },
      include: { menuItems: { where: { id: { in: ids } }, orderBy: { id: "asc" }, select: (await import("./lines")).pricedDishSelect } },
    });
    const counting = await counted(() => m.db.$transaction((tx) => m.create.readCart(m.sql.sqlOf(tx), restaurant.id, ids)));
    expect(counting.statements).toHaveLength(2); // the read and COMMIT
    const { restaurant: readWithOffers, dishes } = counting.result!;
    // Whether it has an automatic offer (promotions): read in the same statement, not a column.
    // And the market's delivery pricing (none set: the spec's), read in the same statement, not a column.
    // And its market's currency (the default market's, USD), read in the same statement, not a column.
    const { automaticOffers, marketRule, currency, ...read } = readWithOffers;
    expect(automaticOffers).toBe(false);
    expect(currency).toBe("USD");
    expect(marketRule).toEqual((await import("@/lib/shared/money/delivery-pricing")).SPEC_PRICING);
    const { menuItems, ...columns } = viaPrisma;
    expect(read).toEqual(Object.fromEntries(Object.keys(read).map((key) => [key, columns[key as keyof typeof columns]])));
    expect(read.servicing).toBe(false);
    expect(dishes).toEqual(menuItems);
    expect(dishes[0]!.optionGroups.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ["Size", ["Regular", "Large"]],
      ["Extras", ["Scallions", "Chili oil"]],
      ["Nothing yet", []],
    ]);
    expect(await m.db.$transaction((tx) => m.create.readCart(m.sql.sqlOf(tx), 999_999, [dumplings.id]))).toBeNull();
    expect((await m.db.$transaction((tx) => m.create.readCart(m.sql.sqlOf(tx), other.restaurant.id, [dumplings.id])))!.dishes).toEqual([]);
  });

  it("a refusal creates nothing and charges nothing: short wallet, closed now, changed total, a slot not offered, a dish not on the menu; fields named as sent (submit.*)", async () => {
    const user = await customer(500);
    const { restaurant, dumplings } = await restaurantWithDishes();
    const other = await restaurantWithDishes();
    const line = [{ menuItemId: dumplings.id, quantity: 1 }];
    await expect(checkout(user, body(restaurant.id, line))).rejects.toMatchObject({ status: 400, message: inEnglish(CHECKOUT_SAID.insufficientFunds) });
    await expect(checkout(user, body(restaurant.id, line, { deliveryOption: "standard", tip: 0, paymentMethod: "card", expectedTotal: 1 }))).rejects.toMatchObject({
      status: 409,
      errors: { "submit.expectedTotal": "Prices changed since you opened checkout. Review your order." },
    });
    const offGrid = { deliveryOption: "schedule", scheduledFor: "2026-11-21T23:10:00.000Z", tip: 0, paymentMethod: "card" };
    await expect(checkout(user, body(restaurant.id, line, offGrid), new Date("2026-11-21T18:00:00Z"))).rejects.toEqual(
      expect.objectContaining({
        status: 400,
        errors: { "submit.scheduledFor": "Choose one of the offered delivery times: within the next 7 days, on the half hour, while the restaurant is open" },
      }),
    );
    await expect(checkout(user, body(restaurant.id, [{ menuItemId: other.dumplings.id, quantity: 1 }]))).rejects.toMatchObject({
      status: 400,
      errors: { items: expect.any(String) },
    });
    // Open 17:00-20:00 in Los Angeles; 10:00 there: an order for now is refused.
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { hours: JSON.stringify(everyDay({ open: "17:00", close: "20:00" })) } });
    await expect(
      checkout(user, body(restaurant.id, line, { deliveryOption: "standard", tip: 0, paymentMethod: "card" }), new Date("2026-11-21T18:00:00Z")),
    ).rejects.toMatchObject({
      status: 409,
      errors: { "submit.deliveryOption": expect.stringContaining("is closed right now") },
    });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await m.db.orderItem.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await walletOf(user)).toBe(500);
    await ledgerMatchesBalance(user);
  });

  it("N checkouts at once on a wallet that pays for only some: exactly that many succeed, the rest leave nothing", async () => {
    // Three at each of four restaurants: the account's open-order limits never refuse here, the wallet does.
    const inputs = await fourRestaurants();
    const probe = await checkout(await customer(), inputs[0]!);
    const price = probe.totalCents;
    const user = await customer(price * 4 + price - 1); // four, and not quite a fifth
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => checkout(user, inputs[i % 4]!)));
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(placed).toHaveLength(4);
    expect(refused.map((result) => (result.reason as { status: number; message: string }).message)).toEqual(Array(8).fill(inEnglish(CHECKOUT_SAID.insufficientFunds)));
    expect(await walletOf(user)).toBe(price - 1);
    await ledgerMatchesBalance(user);
    const orders = await m.db.order.findMany({
      where: { userId: user.id },
      include: { orderItems: true, events: { where: { stage: { not: "notification" } } }, walletTransactions: true },
    });
    expect(orders).toHaveLength(4);
    for (const order of orders) {
      expect(order).toMatchObject({ stage: "placed", totalCents: price });
      expect([order.orderItems.length, order.events.length, order.walletTransactions.length]).toEqual([1, 1, 1]);
    }
  });

  it("a retried Idempotency-Key answers the first checkout and charges once", async () => {
    const user = await customer();
    const { restaurant, dumplings } = await restaurantWithDishes();
    const input = body(restaurant.id, [{ menuItemId: dumplings.id, quantity: 1 }]);
    const attempt = () =>
      m.idempotency.idempotent({ userId: user.id, name: "orders.create", key: "checkout-1", request: input }, async (sql) => ({
        status: 201,
        body: m.json.orderToJson(await m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!))),
      }));
    const answers = await Promise.all([attempt(), attempt(), attempt()]);
    expect(new Set(answers.map((answer) => (answer.body as { id: number }).id)).size).toBe(1);
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(1);
    expect(await m.db.walletTransaction.count({ where: { userId: user.id, kind: "payment" } })).toBe(1);
    await ledgerMatchesBalance(user);
  });
});
