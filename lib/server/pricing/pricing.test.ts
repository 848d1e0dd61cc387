import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { SPEC_PRICING } from "@/lib/shared/money/delivery-pricing";
import { marketPricingInputSchema, restaurantPricingInputSchema } from "@/lib/contract/deliveries/pricing-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema, type PlaceOrderInput } from "@/lib/contract/orders/rules";
import { paymentFor } from "../orders/testing/payment";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Delivery pricing a market sets (docs/architecture/money-and-orders.md "Delivery pricing") on a
// real migrated database: the operator's rule by distance, the quote, the placed order and its
// receipt agreeing at three distances; the restaurant's minimum (a 422 naming `subtotal`, nothing
// written); its free delivery charged to its own share through the ledger, balanced; the
// small-order fee the platform's; the rule audited and its market's restaurant pages' scope moved;
// a second market's rule (in its currency) its restaurants' only.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  quote: await import("../orders/quote"),
  complete: await import("../orders/complete"),
  receipt: await import("../receipts/receipt"),
  check: await import("../ledger/check"),
  market: await import("./market"),
  restaurantPricing: await import("./restaurant"),
  create: await import("../orders/create"),
  markets: await import("../markets/markets"),
};

const KM_PER_DEGREE_LAT = 111.195;
const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));

async function customer(at?: { lat: number; lng: number }): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada", ...(at ?? {}) } });
  await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Noodles", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

const cart = (restaurantId: number, menuItemId: number, quantity: number, submit: object = {}): PlaceOrderInput =>
  placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity }], submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet", ...submit } });
const checkout = (user: User, input: PlaceOrderInput) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!)));
const quote = (user: User, input: PlaceOrderInput) => m.sql.sqlTransaction((sql) => m.quote.quoteOrder(sql, user, { cart: input }, input.submit!));
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: { status: number; errors: Record<string, string> }) => ({ status: e.status, errors: e.errors }),
  );
const operator = () => m.db.user.create({ data: { firstName: "Nia", operator: true } });
const byDistance = {
  mode: "distance",
  flatFee: 5.99,
  baseFee: 2.99,
  perKm: 0.75,
  bands: [
    { upToKm: 2, fee: 1.99 },
    { upToKm: 5, fee: 3.99 },
  ],
  smallOrderFee: 0,
  smallOrderUnder: 0,
  serviceFeePercent: 10,
};

describe("delivery pricing a market sets", () => {
  it("by distance: the quote, the placed order and its receipt agree at three distances; audited; every restaurant page's scope moved", async () => {
    const { restaurant, dish } = await shop();
    expect(await m.market.marketPricingJson()).toMatchObject({ mode: "flat", flatFee: 6.49, serviceFeePercent: 10, spec: true, updatedBy: null });
    const scopeBefore = await m.db.catalogScope.findUnique({ where: { scope: `restaurant:${restaurant.id}` } });
    const nia = await operator();
    await m.market.setMarketPricing(nia, marketPricingInputSchema.parse({ ...byDistance, reason: "Distance pricing for the launch" }));
    const [audit] = await m.db.auditLog.findMany({ where: { action: "delivery-pricing.set" } });
    expect(audit).toMatchObject({ operatorId: nia.id, reason: "Distance pricing for the launch" });
    expect(JSON.parse(audit!.detail!)).toMatchObject({ before: { mode: "flat", flatFee: 6.49 }, after: { mode: "distance", bands: byDistance.bands } });
    expect((await m.db.catalogScope.findUniqueOrThrow({ where: { scope: `restaurant:${restaurant.id}` } })).version).toBeGreaterThan(scopeBefore?.version ?? 0);

    const seen: number[] = [];
    for (const [km, fee] of [
      [1, 199],
      [3.5, 399],
      [6.5, 299 + Math.round(75 * 6.5)],
    ] as const) {
      const user = await customer({ lat: restaurant.lat! + km / KM_PER_DEGREE_LAT, lng: restaurant.lng! });
      const input = cart(restaurant.id, dish.id, 2, { tipPercent: 15, tip: undefined });
      const quoted = await quote(user, input);
      const order = await checkout(user, input);
      const receipt = await m.receipt.orderReceipt(user, order.id);
      expect(order).toMatchObject({ deliveryFeeCents: fee, deliveryKm: km, serviceFeeCents: 200, tipCents: 300, totalCents: 2_000 + fee + 200 + 300 });
      expect(quoted).toMatchObject({ deliveryFee: fee / 100, deliveryKm: km, total: order.totalCents / 100 });
      expect(receipt.charges).toContainEqual({ label: `Delivery fee (${km} km)`, cents: fee });
      expect(receipt.totalCents).toBe(order.totalCents);
      seen.push(fee);
    }
    expect(new Set(seen).size).toBe(3);
    // A pickup pays no delivery fee, by distance or not.
    const near = await customer({ lat: restaurant.lat!, lng: restaurant.lng! });
    expect(await checkout(near, cart(restaurant.id, dish.id, 1, { deliveryOption: "pickup" }))).toMatchObject({ deliveryFeeCents: 0, deliveryKm: null });
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
    // Back to the spec's: the flat fee again.
    await m.market.setMarketPricing(nia, marketPricingInputSchema.parse({ ...byDistance, mode: "flat", flatFee: 6.49, bands: [] }));
    expect(await m.market.marketPricing()).toEqual({ ...SPEC_PRICING, baseFeeCents: 299, perKmCents: 75 });
  });

  it("a restaurant's minimum order: a 422 naming `subtotal` from the quote and the checkout, nothing written; only its owner or manager sets it", async () => {
    const { owner, restaurant, dish } = await shop();
    const stranger = await m.db.user.create({ data: { firstName: "Mallory", restaurantOwner: true } });
    await expect(m.restaurantPricing.setRestaurantPricing(stranger, restaurant.id, restaurantPricingInputSchema.parse({ minOrder: 1 }))).rejects.toMatchObject({
      status: 404,
    });
    expect(await m.restaurantPricing.setRestaurantPricing(owner, restaurant.id, restaurantPricingInputSchema.parse({ minOrder: 15 }))).toEqual({
      minOrder: 15,
      freeDeliveryOver: null,
    });
    const user = await customer();
    const message = "Lantern Noodle House's minimum order is $15.00 (items before fees): add $5.00 more";
    expect(await refusal(quote(user, cart(restaurant.id, dish.id, 1)))).toEqual({ status: 422, errors: { subtotal: message } });
    expect(await refusal(checkout(user, cart(restaurant.id, dish.id, 1)))).toEqual({ status: 422, errors: { subtotal: message } });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await checkout(user, cart(restaurant.id, dish.id, 2))).toMatchObject({ subtotalCents: 2_000, stage: "placed" });
    expect(restaurantPricingInputSchema.safeParse({ minOrder: -1 }).error?.issues[0]).toMatchObject({ path: ["minOrder"] });
  });

  it("free delivery over an amount: the waived fee comes off the restaurant's share in the ledger, the courier still paid, balanced", async () => {
    const { owner, restaurant, dish } = await shop();
    await m.restaurantPricing.setRestaurantPricing(owner, restaurant.id, restaurantPricingInputSchema.parse({ freeDeliveryOver: 20 }));
    const user = await customer();
    const below = await quote(user, cart(restaurant.id, dish.id, 1));
    expect(below).toMatchObject({ deliveryFee: 6.49, freeDelivery: 0, total: 17.49 });
    const order = await checkout(user, cart(restaurant.id, dish.id, 2));
    expect(order).toMatchObject({ deliveryFeeCents: 649, deliveryWaivedCents: 649, discountCents: 649, totalCents: 2_000 + 200 });
    const receipt = await m.receipt.orderReceipt(user, order.id);
    expect(receipt.charges).toContainEqual({ label: "Free delivery (paid by the restaurant)", cents: -649 });
    expect(receipt.charges.some((row) => row.label.startsWith("Promotion"))).toBe(false);
    const courier = await m.db.user.create({ data: { firstName: "Dev", courier: true } });
    await m.db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: restaurant.id,
        userId: user.id,
        state: "delivered",
        courierId: courier.id,
        payCents: 649,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0,
        dropoffAddress: "1 Main St",
        itemsCount: 2,
      },
    });
    await m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
    const settlement = await m.db.ledgerEntry.findFirstOrThrow({ where: { orderId: order.id, kind: "settlement" }, include: { lines: { orderBy: { account: "asc" } } } });
    const commission = 300; // 15 % of 20.00
    expect(settlement.lines.map((line) => [line.account, line.amountCents])).toEqual([
      ["clearing", -2_200],
      [`courier:${courier.id}`, 649],
      ["platform", 200 + commission],
      [`restaurant:${restaurant.id}`, 2_000 - commission - 649],
    ]);
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });

  it("the small-order fee under the market's minimum is the platform's", async () => {
    const { owner, restaurant, dish } = await shop();
    await m.market.setMarketPricing(
      await operator(),
      marketPricingInputSchema.parse({ ...byDistance, mode: "flat", flatFee: 6.49, smallOrderFee: 2, smallOrderUnder: 15 }),
    );
    const user = await customer();
    const order = await checkout(user, cart(restaurant.id, dish.id, 1));
    expect(order).toMatchObject({ smallOrderFeeCents: 200, totalCents: 1_000 + 649 + 100 + 200 });
    await m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
    const settlement = await m.db.ledgerEntry.findFirstOrThrow({ where: { orderId: order.id, kind: "settlement" }, include: { lines: true } });
    expect(settlement.lines.find((line) => line.account === "platform")?.amountCents).toBe(100 + 200 + 150);
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
    await m.market.setMarketPricing(await operator(), marketPricingInputSchema.parse({ ...byDistance, mode: "flat", flatFee: 6.49 }));
  });

  it("each market its own rule: Mexico City's, in MXN, prices its restaurants' quotes and checkouts only; the default market's unchanged", async () => {
    const nia = await operator();
    const mx = await m.markets.openMarket(nia, marketInputSchema.parse({ code: "cdmx", name: "Ciudad de México", currency: "MXN", timeZone: "America/Mexico_City" }));
    const us = await shop();
    const taqueria = await shop();
    await m.markets.assignRestaurantMarket(nia, taqueria.restaurant.id, { marketId: mx.id });
    // Unset: the spec's rule, its numbers in pesos, said so.
    expect(await m.market.marketPricingJson(mx.id)).toMatchObject({ market: mx.id, currency: "MXN", spec: true, flatFee: 6.49, updatedBy: null });
    const scope = async (id: number) => (await m.db.catalogScope.findUnique({ where: { scope: `restaurant:${id}` } }))?.version ?? 0;
    const [usScope, mxScope, usRule] = [await scope(us.restaurant.id), await scope(taqueria.restaurant.id), await m.market.marketPricingJson()];
    // Pesos: a 120.00 fee is within Mexico City's bounds, not the dollar ones; an unknown market is a 404.
    const pesos = { ...byDistance, mode: "flat", flatFee: 120, serviceFeePercent: 5, reason: "Tarifa de la ciudad" };
    expect(marketPricingInputSchema.safeParse(pesos).error?.issues[0]?.path).toEqual(["flatFee"]);
    await expect(m.market.putMarketPricing(nia, pesos, 9_999)).rejects.toMatchObject({ status: 404 });
    expect(await m.market.putMarketPricing(nia, pesos, mx.id)).toMatchObject({ market: mx.id, currency: "MXN", flatFee: 120, serviceFeePercent: 5, spec: false });
    expect(await scope(taqueria.restaurant.id)).toBeGreaterThan(mxScope);
    expect(await scope(us.restaurant.id)).toBe(usScope);
    const [audit] = await m.db.auditLog.findMany({ where: { action: "delivery-pricing.set", targetId: mx.id } });
    expect(JSON.parse(audit!.detail!)).toMatchObject({ currency: "MXN", before: { flatFee: 6.49 }, after: { flatFee: 120 } });

    const user = await customer();
    const mxCart = cart(taqueria.restaurant.id, taqueria.dish.id, 2, { paymentMethod: "card", currency: "MXN" });
    expect(await quote(user, mxCart)).toMatchObject({ deliveryFee: 120, total: 20 + 120 + 1 });
    expect(await checkout(user, mxCart)).toMatchObject({ currency: "MXN", deliveryFeeCents: 12_000, serviceFeeCents: 100, totalCents: 2_000 + 12_000 + 100 });
    // The two-step submit (an Active order, its restaurant read apart) reads the same market's rule in its transaction.
    const active = await inTx((sql) => m.create.createOrder(sql, user, mxCart));
    const submitted = await m.db.$transaction((tx) =>
      m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, mxCart.submit!, paymentFor(mxCart.submit!)),
    );
    expect(submitted).toMatchObject({ currency: "MXN", deliveryFeeCents: 12_000, serviceFeeCents: 100 });
    // The default market's rule as it was (the tests above left it flat 6.49), for its restaurants.
    expect(await m.market.marketPricingJson()).toEqual({ ...usRule, market: 1, currency: "USD", flatFee: 6.49 });
    expect(await checkout(user, cart(us.restaurant.id, us.dish.id, 2))).toMatchObject({ currency: "USD", deliveryFeeCents: 649, serviceFeeCents: 200 });
    expect(await inTx((sql) => m.check.ledgerProblems(sql))).toEqual([]);
  });

  it("refuses a bad rule beside its field", () => {
    const issues = (body: object) => marketPricingInputSchema.safeParse({ ...byDistance, ...body }).error?.issues.map((issue) => issue.path.join("."));
    expect(issues({ flatFee: -1 })).toEqual(["flatFee"]);
    expect(issues({ perKm: 1.234 })).toEqual(["perKm"]);
    expect(issues({ mode: "surge" })).toEqual(["mode"]);
    expect(
      issues({
        bands: [
          { upToKm: 3, fee: 2 },
          { upToKm: 2, fee: 3 },
        ],
      }),
    ).toEqual(["bands.1.upToKm"]);
    expect(issues({ smallOrderFee: 2, smallOrderUnder: 0 })).toEqual(["smallOrderUnder"]);
    expect(issues({ serviceFeePercent: 31 })).toEqual(["serviceFeePercent"]);
  });
});
