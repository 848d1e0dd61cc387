import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { OPEN_ORDER_LIMITS } from "@/lib/shared/constants";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The open-order limits (open-orders.ts) against a real, migrated database (SQLite, or PostgreSQL
// with TEST_DATABASE_URL): an account may have OPEN_ORDER_LIMITS.perAccount orders waiting for a
// restaurant in all and OPEN_ORDER_LIMITS.perRestaurant at one restaurant, whatever pays for them;
// the next is a 429 that writes nothing, through both checkouts (create + submit, and the one-call
// POST /api/orders with submit); only the account's own orders count; and a burst of 20 parallel
// checkouts by one account places exactly the limit.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  accept: await import("./accept"),
  limit: await import("./open-orders"),
};

const { perAccount, perRestaurant } = OPEN_ORDER_LIMITS;

async function customer(address: Partial<Pick<User, "address" | "city" | "state" | "zip">> = {}, walletCents = 100_000) {
  const user = await m.db.user.create({ data: { firstName: "Ada", ...address } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

let shops = 0;
async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(`Limits Kitchen ${++shops}`));
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const cartOf = (s: Shop) => ({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] });

/** Create + submit (PUT /api/orders/{id}/submit's way); answers the Active order when the submit is refused. */
async function place(user: User, s: Shop, input: SubmitOrderInput = card) {
  const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, cartOf(s)));
  return { active, submitted: m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, input, paymentFor(input))) };
}
const oneCall = (user: User, s: Shop, submit: SubmitOrderInput = card) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: placeOrderSchema.parse({ ...cartOf(s), submit }) }, submit, paymentFor(submit)));

const openOf = (user: User) => m.db.order.count({ where: { userId: user.id, stage: "placed" } });
const walletOf = (user: User) => walletCentsOf(m.db, user.id);

describe("open orders: at most OPEN_ORDER_LIMITS waiting for a restaurant, per account and per account and restaurant", () => {
  it("a wallet order beyond the restaurant's limit is a 429 with Retry-After that places and charges nothing; an accepted one makes room", async () => {
    const s = await shop();
    const user = await customer();
    for (let i = 0; i < perRestaurant; i++) await oneCall(user, s, wallet);
    const balance = await walletOf(user);

    const message = inEnglish(m.limit.OPEN_ORDER_SAID.restaurant(perRestaurant, s.restaurant.name));
    const next = await place(user, s, wallet);
    await expect(next.submitted).rejects.toMatchObject({ status: 429, message, headers: { "Retry-After": "60" } });
    await expect(oneCall(user, s, wallet)).rejects.toMatchObject({ status: 429, message });
    await expect(oneCall(user, s, card)).rejects.toMatchObject({ status: 429, message });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: next.active.id } })).toMatchObject({ stage: null, paymentMethod: null });
    expect(await m.db.orderEvent.count({ where: { orderId: next.active.id } })).toBe(0);
    expect(await openOf(user)).toBe(perRestaurant);
    expect(await walletOf(user)).toBe(balance);

    // Another restaurant still takes the account's orders, up to the account's limit in all.
    const others = [await shop(), await shop()];
    for (let i = perRestaurant; i < perAccount; i++) await oneCall(user, others[i % 2]!, wallet);
    const third = await shop();
    await expect(oneCall(user, third, wallet)).rejects.toMatchObject({ status: 429, message: inEnglish(m.limit.OPEN_ORDER_SAID.account(perAccount)) });
    expect(await openOf(user)).toBe(perAccount);

    // Once the restaurant accepts one, the next order there goes through.
    const [first] = await m.db.order.findMany({ where: { userId: user.id, restaurantId: s.restaurant.id, stage: "placed" }, orderBy: { id: "asc" }, take: 1 });
    await m.accept.acceptOrder(s.owner, s.restaurant.id, first!.id, 20);
    await expect(m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: next.active.id }, card, paymentFor(card)))).resolves.toMatchObject({
      stage: "placed",
    });
  });

  it("only the account's own orders count: a stranger who copied the victim's street and ZIP does not block the victim's card checkout", async () => {
    const s = await shop();
    const victim = await customer({ address: "500 Market St", zip: "94105" });
    const attackers = await Promise.all([0, 1].map(() => customer({ address: " 500 market st ", zip: "94105" })));
    for (const attacker of attackers) for (let i = 0; i < perRestaurant; i++) await oneCall(attacker, s);
    await expect(oneCall(victim, s)).resolves.toMatchObject({ stage: "placed", paymentMethod: "card" });
    await expect(oneCall(victim, await shop())).resolves.toMatchObject({ stage: "placed" });
  });

  it("20 parallel checkouts by one account place exactly the limits, card or wallet, one restaurant or many", async () => {
    const s = await shop();
    const user = await customer();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => oneCall(user, s, i % 2 ? card : wallet)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(perRestaurant);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 429 });
    expect(await openOf(user)).toBe(perRestaurant);

    const spread = await customer();
    const restaurants = await Promise.all(Array.from({ length: 10 }, () => shop()));
    const spreadResults = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => oneCall(spread, restaurants[i % 10]!, card)));
    expect(spreadResults.filter((result) => result.status === "fulfilled")).toHaveLength(perAccount);
    expect(await openOf(spread)).toBe(perAccount);
  });
});
