import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { isoToZonedInput, zonedInputToIso } from "@/lib/shared/time/opening-hours";
import { placeOrderSchema, type PlaceOrderInput } from "@/lib/contract/orders/rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { createDb } from "../platform/create-db";
import { setUpTestDatabase, installAppDb } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// A promotion's state, dates and results, and its uses per customer, against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL: pg-vitest): a promotion's state, its dates typed in the restaurant's zone, its
// results (one grouped statement), an automatic offer unlimited per customer unless the owner sets a
// limit (the limit held under concurrency), and the reasons the badge and the checkout give.

const test = setUpTestDatabase();
// The app's client with a query listener: the results are counted in statements.
const statements: string[] = [];
installAppDb(createDb(test.url, { onQuery: (sql) => statements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  quote: await import("../orders/quote"),
  cancel: await import("../orders/cancel"),
  promotions: await import("./manage"),
};

const { customer: newCustomer, shop } = await import("../platform/testing/fixtures");
const customer = (over: { guestAccount?: boolean } = {}) => newCustomer("ada", { walletCents: 100_000, ...over });
const restaurantWithDish = (name?: string) => shop("owner", name);

const promotion = (owner: User, restaurantId: number, body: object) => m.promotions.createPromotion(owner, restaurantId, promotionInputSchema.parse(body));
const cart = (restaurantId: number, menuItemId: number, quantity: number, submit: object = {}) =>
  placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity }], submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet", ...submit } });
const checkout = (user: User, input: PlaceOrderInput, now?: Date) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), now));
const quote = (user: User, input: PlaceOrderInput, now?: Date) =>
  m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, user, { cart: input }, input.submit!, now), { prisma: true });
const listed = async (owner: User, restaurantId: number, now: Date) =>
  (await m.promotions.listPromotions(owner, restaurantId)).promotions.map((p) => m.promotions.promotionToJson(p.promotion, "USD", p.results, now));

describe("a promotion's state and its dates in the restaurant's zone", () => {
  it("19:00 typed in America/Los_Angeles is 03:00Z the next day, and back; the offer starts then, not at the browser's 19:00", async () => {
    expect(zonedInputToIso("2026-12-01T19:00", "America/Los_Angeles")).toBe("2026-12-02T03:00:00.000Z");
    expect(isoToZonedInput("2026-12-02T03:00:00.000Z", "America/Los_Angeles")).toBe("2026-12-01T19:00");
    // Summer time: 19:00 PDT is 02:00Z; New York's 19:00 is 00:00Z.
    expect(zonedInputToIso("2026-07-01T19:00", "America/Los_Angeles")).toBe("2026-07-02T02:00:00.000Z");
    expect(zonedInputToIso("2026-12-01T19:00", "America/New_York")).toBe("2026-12-02T00:00:00.000Z");
    expect(zonedInputToIso("", "America/Los_Angeles")).toBeNull();
    expect(isoToZonedInput(null, "America/Los_Angeles")).toBe("");

    const { owner, restaurant, dish } = await restaurantWithDish();
    expect(restaurant.timeZone).toBe("America/Los_Angeles");
    await promotion(owner, restaurant.id, { kind: "amount", value: 2, startsAt: zonedInputToIso("2026-12-01T19:00", restaurant.timeZone) });
    const user = await customer();
    const before = await quote(user, cart(restaurant.id, dish.id, 1), new Date("2026-12-02T02:59:00Z"));
    expect(before).toMatchObject({ discount: 0, unavailableOffers: [{ label: "$2.00 off", reason: "Starts Dec 1, 7:00 PM" }] });
    expect((await quote(user, cart(restaurant.id, dish.id, 1), new Date("2026-12-02T03:00:00Z"))).discount).toBe(2);
    // The badge says when, on the restaurant's clock.
    const [offer] = await m.promotions.automaticOffers(restaurant, null, new Date("2026-12-02T02:59:00Z"));
    expect(offer).toMatchObject({ label: "$2.00 off", startsAt: "2026-12-02T03:00:00.000Z", unavailable: "Starts Dec 1, 7:00 PM" });
  });

  it("scheduled, active, ended, used up: the dates first, then the total uses", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const now = new Date("2026-12-10T18:00:00Z");
    await promotion(owner, restaurant.id, { code: "LATER1", kind: "percent", value: 10, startsAt: "2026-12-11T00:00:00Z" });
    await promotion(owner, restaurant.id, { code: "NOW1", kind: "percent", value: 10, startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-12-31T00:00:00Z" });
    await promotion(owner, restaurant.id, { code: "GONE1", kind: "percent", value: 10, endsAt: "2026-12-10T18:00:00Z" });
    await promotion(owner, restaurant.id, { code: "ONLY1", kind: "percent", value: 10, totalLimit: 1 });
    await checkout(await customer(), cart(restaurant.id, dish.id, 1, { promoCode: "only1" }), now);
    const states = Object.fromEntries((await listed(owner, restaurant.id, now)).map((p) => [p.code, p.state]));
    expect(states).toEqual({ LATER1: "scheduled", NOW1: "active", GONE1: "ended", ONLY1: "used_up" });
  });
});

describe("a promotion's results", () => {
  it("orders, discount, sales and new customers, from the orders that did not end without food, in one grouped statement", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const offer = await promotion(owner, restaurant.id, { kind: "amount", value: 3 });
    const code = await promotion(owner, restaurant.id, { code: "TENOFF", kind: "percent", value: 10 });
    const untouched = await promotion(owner, restaurant.id, { code: "NOBODY", kind: "percent", value: 10 });
    // A regular (an order here before any promotion: no offer then, so it is placed without one).
    const regular = await customer();
    await m.db.promotion.update({ where: { id: offer.id }, data: { startsAt: new Date("2099-01-01T00:00:00Z") } });
    expect((await checkout(regular, cart(restaurant.id, dish.id, 1))).discountCents).toBe(0);
    await m.db.promotion.update({ where: { id: offer.id }, data: { startsAt: null } });
    // The offer: a newcomer's first order (new), the regular's (not new), a newcomer's second (not new), one canceled (left out).
    const newcomer = await customer();
    expect((await checkout(newcomer, cart(restaurant.id, dish.id, 2))).discountCents).toBe(300);
    expect((await checkout(regular, cart(restaurant.id, dish.id, 3))).discountCents).toBe(300);
    expect((await checkout(newcomer, cart(restaurant.id, dish.id, 1))).discountCents).toBe(300);
    const quitter = await customer();
    const canceled = await checkout(quitter, cart(restaurant.id, dish.id, 5));
    await m.cancel.cancelOrder(quitter, canceled.id);
    // The code: a newcomer whose first order here took it (new), at 4 x 10.00.
    expect((await checkout(await customer(), cart(restaurant.id, dish.id, 4, { promoCode: "tenoff" }))).discountCents).toBe(400);

    statements.length = 0;
    const results = await m.promotions.promotionResults(restaurant.id, [offer.id, code.id, untouched.id]);
    expect(statements).toHaveLength(1);
    expect(results.get(offer.id)).toEqual({ orders: 3, discountCents: 900, salesCents: 6_000, newCustomers: 1 });
    expect(results.get(code.id)).toEqual({ orders: 1, discountCents: 400, salesCents: 4_000, newCustomers: 1 });
    expect(results.has(untouched.id)).toBe(false);

    const json = Object.fromEntries((await listed(owner, restaurant.id, new Date())).map((p) => [p.code ?? "offer", p]));
    expect(json.offer).toMatchObject({ redeemed: 3, results: { orders: 3, discount: 9, sales: 60, newCustomers: 1 } });
    expect(json.TENOFF!.results).toEqual({ orders: 1, discount: 4, sales: 40, newCustomers: 1 });
    expect(json.NOBODY!.results).toEqual({ orders: 0, discount: 0, sales: 0, newCustomers: 0 });
  });

  it("the owner's list is paged, newest first", async () => {
    const { owner, restaurant } = await restaurantWithDish();
    for (const code of ["PAGEA1", "PAGEB2", "PAGEC3"]) await promotion(owner, restaurant.id, { code, kind: "percent", value: 5 });
    const first = await m.promotions.listPromotions(owner, restaurant.id, { limit: 2, offset: 0 });
    expect(first.promotions.map((p) => p.promotion.code)).toEqual(["PAGEC3", "PAGEB2"]);
    expect(first).toMatchObject({ hasMore: true, nextOffset: 2 });
    const second = await m.promotions.listPromotions(owner, restaurant.id, { limit: 2, offset: 2 });
    expect(second.promotions.map((p) => p.promotion.code)).toEqual(["PAGEA1"]);
    expect(second).toMatchObject({ hasMore: false, nextOffset: null });
  });
});

describe("uses per customer", () => {
  it("an automatic offer is unlimited per customer unless the owner sets a limit; a code left without one keeps 1", () => {
    expect(promotionInputSchema.parse({ kind: "percent", value: 10 }).perCustomerLimit).toBeNull();
    expect(promotionInputSchema.parse({ kind: "percent", value: 10, perCustomerLimit: null }).perCustomerLimit).toBeNull();
    expect(promotionInputSchema.parse({ kind: "percent", value: 10, perCustomerLimit: 2 }).perCustomerLimit).toBe(2);
    expect(promotionInputSchema.parse({ code: "SAVE10", kind: "percent", value: 10 }).perCustomerLimit).toBe(1);
    expect(promotionInputSchema.parse({ code: "SAVE10", kind: "percent", value: 10, perCustomerLimit: null }).perCustomerLimit).toBeNull();
  });

  it("the same customer takes an unlimited offer on every order; with a limit, the badge and the checkout say they used it", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    await promotion(owner, restaurant.id, { kind: "amount", value: 2 });
    const user = await customer();
    for (let i = 0; i < 3; i++) expect((await checkout(user, cart(restaurant.id, dish.id, 1))).discountCents).toBe(200);
    expect(await m.promotions.automaticOffers(restaurant, user)).toMatchObject([{ label: "$2.00 off", unavailable: null }]);

    const limited = await restaurantWithDish("Once Only");
    await promotion(limited.owner, limited.restaurant.id, { kind: "amount", value: 2, perCustomerLimit: 1 });
    expect((await checkout(user, cart(limited.restaurant.id, limited.dish.id, 1))).discountCents).toBe(200);
    expect(await m.promotions.automaticOffers(limited.restaurant, user)).toMatchObject([{ label: "$2.00 off", unavailable: "You've used this offer" }]);
    expect(await m.promotions.automaticOffers(limited.restaurant, await customer())).toMatchObject([{ unavailable: null }]);
    expect(await m.promotions.automaticOffers(limited.restaurant, null)).toMatchObject([{ unavailable: null }]);
    const next = await quote(user, cart(limited.restaurant.id, limited.dish.id, 1));
    expect(next).toMatchObject({ discount: 0, promotion: null, unavailableOffers: [{ label: "$2.00 off", reason: "You've used this offer" }] });
    expect((await checkout(user, cart(limited.restaurant.id, limited.dish.id, 1))).discountCents).toBe(0);
  });

  it("a limit of 2 holds when one customer places 3 orders at once (the most open orders at one restaurant)", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const offer = await promotion(owner, restaurant.id, { kind: "amount", value: 2, perCustomerLimit: 2 });
    const user = await customer();
    const results = await Promise.allSettled([0, 1, 2].map(() => checkout(user, cart(restaurant.id, dish.id, 1))));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    // A loser priced with the offer before a winner committed (PostgreSQL) is refused beside the code and charged nothing.
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as { errors: Record<string, string> }).errors).toEqual({ "submit.promoCode": "You've already used this code." });
    expect(placed.filter((order) => order.discountCents > 0)).toHaveLength(2);
    expect(await m.db.promotionRedemption.count({ where: { promotionId: offer.id, userId: user.id } })).toBe(2);
  });
});

describe("why an offer does not apply", () => {
  it("the checkout's quote says it for each offer: spend more, first order only, a guest, pickup", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    await promotion(owner, restaurant.id, { kind: "amount", value: 5, minSubtotal: 25 });
    await promotion(owner, restaurant.id, { kind: "percent", value: 20, firstOrderOnly: true });
    await promotion(owner, restaurant.id, { kind: "free_delivery" });
    const regular = await customer();
    await checkout(regular, cart(restaurant.id, dish.id, 3));
    const answer = await quote(regular, cart(restaurant.id, dish.id, 2, { deliveryOption: "pickup" }));
    expect(answer.discount).toBe(0);
    expect(answer.unavailableOffers.map((o) => [o.label, o.reason])).toEqual([
      ["$5.00 off on orders of $25.00 or more", "Spend $5.00 more"],
      ["20% off your first order", "For your first order here only"],
      ["Free delivery", "Choose delivery to use it"],
    ]);
    const guest = await customer({ guestAccount: true });
    expect((await quote(guest, cart(restaurant.id, dish.id, 1, { deliveryOption: "pickup" }))).unavailableOffers.map((o) => o.reason)).toEqual([
      "Spend $15.00 more",
      "For a first order: create an account to use it",
      "Choose delivery to use it",
    ]);
    // The badge, for the regular: the first-order offer says why; the others are for the checkout to judge.
    expect((await m.promotions.automaticOffers(restaurant, regular)).map((o) => o.unavailable)).toEqual([null, "For your first order here only", null]);
    // With a code, no offer is considered: nothing to explain.
    await promotion(owner, restaurant.id, { code: "CODE10", kind: "percent", value: 10 });
    expect((await quote(regular, cart(restaurant.id, dish.id, 1, { promoCode: "code10" }))).unavailableOffers).toEqual([]);
  });
});
