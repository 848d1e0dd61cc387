import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { PROMO_SAID } from "@/lib/shared/money/promotions";
import { placeOrderSchema, type PlaceOrderInput } from "@/lib/contract/orders/rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Promotions at checkout against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL: `npm run test:postgres`): every refusal in the checks' order, the discount
// on the order and the charge, the best automatic offer, redemption racing (a total limit, two
// tabs), a cancel giving it back, the quote equal to the charge, and the owner's rules.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  place: await import("./../orders/place"),
  quote: await import("./../orders/quote"),
  cancel: await import("./../orders/cancel"),
  json: await import("./../orders/to-json"),
  promotions: await import("./manage"),
};

async function customer(walletCents = 100_000, over: { guestAccount?: boolean; address?: string; city?: string; state?: string; zip?: string } = {}): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada", ...over } });
  if (walletCents) await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurantWithDish(name = "Lantern Noodle House") {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput(name));
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

const promotion = (owner: User, restaurantId: number, body: object) => m.promotions.createPromotion(owner, restaurantId, promotionInputSchema.parse(body));

const cart = (restaurantId: number, menuItemId: number, quantity: number, submit: object = {}) =>
  placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity }], submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet", ...submit } });
/** The route's way (POST /api/orders without an Idempotency-Key). */
const checkout = (user: User, input: PlaceOrderInput, now?: Date) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), now));
const walletOf = (user: User) => walletCentsOf(m.db, user.id);
const refusalOf = async (work: Promise<unknown>) => {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; errors: Record<string, string> } | null;
  return error && { status: error.status, errors: error.errors };
};

describe("promotions at checkout", () => {
  it("a percent code: floored to the cent, capped, taken off the total; tip and service fee on the subtotal before it", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const user = await customer();
    await m.db.menuItem.update({ where: { id: dish.id }, data: { priceCents: 1_033 } });
    await promotion(owner, restaurant.id, { code: "save15", kind: "percent", value: 15, maxDiscount: 20 });
    const order = await checkout(user, cart(restaurant.id, dish.id, 3, { promoCode: "  SAVE15 ", tipPercent: 20, tip: undefined }));
    // 3 x 10.33 = 30.99; 15% = 4.6485 -> 4.64 (floored); the tip is 20% of 30.99 = 6.20.
    expect(order).toMatchObject({ subtotalCents: 3_099, discountCents: 464, tipCents: 620, serviceFeeCents: 310 });
    expect(order.totalCents).toBe(3_099 + 649 + 310 + 620 - 464);
    expect(await walletOf(user)).toBe(100_000 - order.totalCents);
    const json = m.json.orderToJson(order);
    expect(json).toMatchObject({ discount: 4.64, promotion: { code: "save15", kind: "percent", label: "15% off (up to $20.00)" } });
    const stored = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, include: (await import("../orders/include")).orderInclude });
    expect(m.json.orderToJson(stored)).toEqual(json);
    expect(await m.db.promotionRedemption.count({ where: { orderId: order.id } })).toBe(1);

    // The cap: 15% of 300.00 is 45.00, capped at 20.00; amount never above the subtotal; free delivery takes the fee.
    const big = await checkout(await customer(), cart(restaurant.id, dish.id, 29, { promoCode: "save15" }));
    expect(big.discountCents).toBe(2_000);
    await promotion(owner, restaurant.id, { code: "TAKE50", kind: "amount", value: 50, perCustomerLimit: 5 });
    expect((await checkout(await customer(), cart(restaurant.id, dish.id, 1, { promoCode: "take50" }))).discountCents).toBe(1_033);
    await promotion(owner, restaurant.id, { code: "FREEDEL", kind: "free_delivery" });
    const free = await checkout(await customer(), cart(restaurant.id, dish.id, 1, { promoCode: "freedel", deliveryOption: "priority" }));
    expect(free).toMatchObject({ discountCents: 649, deliveryFeeCents: 649, priorityFeeCents: 149 });
  });

  it("refuses a code with one reason, in the checks' order, and places and charges nothing", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const other = await restaurantWithDish("Other Place");
    const user = await customer();
    const now = new Date("2026-12-10T18:00:00Z");
    const at = (iso: string) => new Date(iso).toISOString();
    await promotion(owner, restaurant.id, { code: "LATER", kind: "percent", value: 10, startsAt: at("2026-12-20T00:00:00Z") });
    await promotion(owner, restaurant.id, { code: "GONE", kind: "percent", value: 10, endsAt: at("2026-12-01T00:00:00Z") });
    await promotion(other.owner, other.restaurant.id, { code: "ELSEWHERE", kind: "percent", value: 10 });
    await promotion(owner, restaurant.id, { code: "NEWBIE", kind: "percent", value: 10, firstOrderOnly: true });
    await promotion(owner, restaurant.id, { code: "BIG25", kind: "amount", value: 5, minSubtotal: 25 });
    await promotion(owner, restaurant.id, { code: "ONCE", kind: "percent", value: 10 });
    await promotion(owner, restaurant.id, { code: "FIRST1", kind: "percent", value: 10, totalLimit: 1, perCustomerLimit: 3 });
    const expectRefused = async (code: string, message: string, buyer = user, quantity = 1) =>
      expect(await refusalOf(checkout(buyer, cart(restaurant.id, dish.id, quantity, { promoCode: code }), now))).toEqual({
        status: 422,
        errors: { "submit.promoCode": message },
      });
    await expectRefused("NOPE", "We don't recognize that code. Check it and try again.");
    await expectRefused("ab", "We don't recognize that code. Check it and try again.");
    await expectRefused("later", expect.stringContaining("isn't active yet: it starts Dec 19") as unknown as string);
    await expectRefused("gone", "This code has expired.");
    await expectRefused("elsewhere", inEnglish(PROMO_SAID.otherRestaurant("Other Place")));
    // First order only: a guest never; a customer with a delivered order here, no.
    await expectRefused("newbie", "This code is for a customer's first order: create an account to use it.", await customer(10_000, { guestAccount: true }));
    const regular = await customer();
    const past = await checkout(regular, cart(restaurant.id, dish.id, 1), now);
    await m.db.order.update({ where: { id: past.id }, data: { stage: "delivered" } });
    await expectRefused("newbie", "This code is for your first order from this restaurant only.", regular);
    // Below the minimum, with the amount missing: 2 x 10.00 against 25.00.
    await expectRefused("big25", inEnglish(PROMO_SAID.belowMinimum(500, 2_500)), user, 2);
    expect((await checkout(user, cart(restaurant.id, dish.id, 3, { promoCode: "big25" }), now)).discountCents).toBe(500);
    await checkout(user, cart(restaurant.id, dish.id, 1, { promoCode: "once" }), now);
    await expectRefused("once", "You've already used this code.");
    await checkout(await customer(), cart(restaurant.id, dish.id, 1, { promoCode: "first1" }), now);
    await expectRefused("first1", "This code is all used up.");
    // Nothing of the refused checkouts was written or charged: only the three that went through.
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(2);
    expect(await walletOf(user)).toBe(100_000 - (await m.db.order.aggregate({ where: { userId: user.id }, _sum: { totalCents: true } }))._sum.totalCents!);
  });

  it("without a code, the best automatic offer that applies; none when none does", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    await promotion(owner, restaurant.id, { kind: "percent", value: 20, firstOrderOnly: true });
    await promotion(owner, restaurant.id, { kind: "amount", value: 3 });
    const first = await checkout(await customer(), cart(restaurant.id, dish.id, 2));
    expect(first).toMatchObject({ discountCents: 400 });
    expect(m.json.orderToJson(first).promotion).toMatchObject({ code: null, label: "20% off your first order" });
    // A guest's delivery goes to the address placed on its account (lib/server/orders/destination.ts): the restaurant's ZIP.
    const guest = await checkout(
      await customer(10_000, { guestAccount: true, address: "1 Main St", city: "Eugene", state: "OR", zip: "97403" }),
      cart(restaurant.id, dish.id, 2),
    );
    expect(guest.discountCents).toBe(300);
    expect(await m.promotions.automaticOffers(restaurant)).toHaveLength(2);
    const plain = (await restaurantWithDish("No Offers")).restaurant;
    expect(await m.promotions.automaticOffers(plain)).toEqual([]);
  });

  it("first order only: one first-order discount per customer and restaurant, counting every placed order, also when they are placed at once", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish("First Timers");
    await promotion(owner, restaurant.id, { kind: "percent", value: 20, firstOrderOnly: true });
    await promotion(owner, restaurant.id, { code: "HELLO", kind: "amount", value: 5, firstOrderOnly: true });
    const user = await customer();
    expect((await checkout(user, cart(restaurant.id, dish.id, 2))).discountCents).toBe(400);
    // The first is not delivered yet, and still the next order is no first order: no offer, and the code is refused.
    expect((await checkout(user, cart(restaurant.id, dish.id, 2))).discountCents).toBe(0);
    expect(await refusalOf(checkout(user, cart(restaurant.id, dish.id, 1, { promoCode: "hello" })))).toEqual({
      status: 422,
      errors: { "submit.promoCode": "This code is for your first order from this restaurant only." },
    });
    // Three orders placed at once by a new customer: one of them is the first.
    const racer = await customer();
    const results = await Promise.allSettled([0, 1, 2].map(() => checkout(racer, cart(restaurant.id, dish.id, 2))));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(placed.filter((order) => order.discountCents > 0)).toHaveLength(1);
    // A loser (PostgreSQL: priced with the offer before the winner committed) is refused beside the
    // code: "first order only" (the offer has no limit per customer; "already used" were it 1).
    for (const r of results)
      if (r.status === "rejected")
        expect(["You've already used this code.", "This code is for your first order from this restaurant only."]).toContain(
          (r.reason as { errors: Record<string, string> }).errors["submit.promoCode"],
        );
    expect(await m.db.promotionRedemption.count({ where: { userId: racer.id } })).toBe(1);
  });

  it("20 customers at once against a total limit of 5: exactly 5 discounted orders, the rest refused and charged nothing", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const code = await promotion(owner, restaurant.id, { code: "RUSH5", kind: "amount", value: 2, totalLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer(5_000)));
    const results = await Promise.allSettled(buyers.map((buyer) => checkout(buyer, cart(restaurant.id, dish.id, 1, { promoCode: "rush5" }))));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r.reason as { errors: Record<string, string> }).errors);
    expect(placed).toHaveLength(5);
    expect(refused).toEqual(Array(15).fill({ "submit.promoCode": "This code is all used up." }));
    expect(await m.db.promotionRedemption.count({ where: { promotionId: code.id } })).toBe(5);
    expect((await m.db.promotion.findUniqueOrThrow({ where: { id: code.id } })).redeemedCount).toBe(5);
    const wallets = await Promise.all(buyers.map(walletOf));
    expect(wallets.filter((w) => w === 5_000)).toHaveLength(15);
    expect(await m.db.order.count({ where: { restaurantId: restaurant.id } })).toBe(5);
  });

  it("the same customer in two tabs: one redemption, the other refused", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    await promotion(owner, restaurant.id, { code: "TWOTABS", kind: "percent", value: 50 });
    const user = await customer();
    const results = await Promise.allSettled([0, 1, 2].map(() => checkout(user, cart(restaurant.id, dish.id, 1, { promoCode: "twotabs" }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r.reason as { errors: Record<string, string> }).errors["submit.promoCode"])).toEqual([
      "You've already used this code.",
      "You've already used this code.",
    ]);
    expect(await m.db.promotionRedemption.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a cancel before delivery gives the redemption back; the order keeps its discount and is refunded what was charged", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const code = await promotion(owner, restaurant.id, { code: "COMEBACK", kind: "amount", value: 4, totalLimit: 1 });
    const user = await customer();
    const order = await checkout(user, cart(restaurant.id, dish.id, 1, { promoCode: "comeback" }));
    expect((await m.db.promotion.findUniqueOrThrow({ where: { id: code.id } })).redeemedCount).toBe(1);
    await m.cancel.cancelOrder(user, order.id);
    expect(await walletOf(user)).toBe(100_000);
    expect(await m.db.promotionRedemption.count({ where: { promotionId: code.id } })).toBe(0);
    expect((await m.db.promotion.findUniqueOrThrow({ where: { id: code.id } })).redeemedCount).toBe(0);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).discountCents).toBe(400);
    // Given back: the same customer may use it again.
    expect((await checkout(user, cart(restaurant.id, dish.id, 1, { promoCode: "comeback" }))).discountCents).toBe(400);
  });

  it("the quote prices exactly what placing charges, for a cart and for an Active order, and writes nothing", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    await promotion(owner, restaurant.id, { code: "QUOTE20", kind: "percent", value: 20 });
    const user = await customer();
    const input = cart(restaurant.id, dish.id, 3, { promoCode: "quote20", tipPercent: 15, tip: undefined });
    const quote = await m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, user, { cart: input }, input.submit!), { prisma: true });
    expect(quote).toMatchObject({ subtotal: 30, discount: 6, promotion: { code: "QUOTE20", label: "20% off" } });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await m.db.promotionRedemption.count({ where: { userId: user.id } })).toBe(0);
    const order = await checkout(user, input);
    expect(order.totalCents / 100).toBe(quote.total);
    expect(await walletOf(user)).toBe(100_000 - Math.round(quote.total * 100));
  });
});

describe("the owner's promotions", () => {
  it("codes are unique per restaurant (case-insensitive), free again once deleted; another owner's are a 404", async () => {
    const { owner, restaurant } = await restaurantWithDish();
    const other = await restaurantWithDish("Other Place");
    const first = await promotion(owner, restaurant.id, { code: "Hello1", kind: "percent", value: 10 });
    await expect(promotion(owner, restaurant.id, { code: "HELLO1", kind: "amount", value: 3 })).rejects.toMatchObject({
      status: 409,
      errors: { code: expect.any(String) },
    });
    // Another restaurant may have the same code.
    await promotion(other.owner, other.restaurant.id, { code: "hello1", kind: "percent", value: 10 });
    await expect(m.promotions.deletePromotion(other.owner, restaurant.id, first.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.promotions.listPromotions(other.owner, restaurant.id)).rejects.toMatchObject({ status: 404 });
    await m.promotions.deletePromotion(owner, restaurant.id, first.id);
    expect((await m.promotions.listPromotions(owner, restaurant.id)).promotions).toEqual([]);
    await promotion(owner, restaurant.id, { code: "hello1", kind: "amount", value: 3 });
  });

  it("input rules: code form, value by kind, end after start", () => {
    const errors = (body: object) => {
      const result = promotionInputSchema.safeParse(body);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ code: "ab", kind: "percent", value: 10 })).toHaveProperty("code");
    expect(errors({ code: "has space", kind: "percent", value: 10 })).toHaveProperty("code");
    expect(errors({ code: "ABCDEFGHIJKLMNOPQ", kind: "percent", value: 10 })).toHaveProperty("code");
    expect(errors({ code: " ok12 ", kind: "percent", value: 10 })).toEqual({});
    expect(errors({ kind: "percent", value: 0 })).toHaveProperty("value");
    expect(errors({ kind: "percent", value: 12.5 })).toHaveProperty("value");
    expect(errors({ kind: "amount", value: 5.555 })).toHaveProperty("value");
    expect(errors({ kind: "free_delivery" })).toEqual({});
    expect(errors({ kind: "percent", value: 10, startsAt: "2026-12-02T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" })).toHaveProperty("endsAt");
    expect(promotionInputSchema.parse({ kind: "percent", value: 10 })).toMatchObject({ perCustomerLimit: null, totalLimit: null, code: null, minSubtotalCents: 0 });
  });
});
