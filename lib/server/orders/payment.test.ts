import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { OPEN_ORDER_LIMITS } from "@/lib/shared/constants";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// A placement's payment is an argument (place.ts OrderPayment; the compile-time half is
// place-types.test.ts): against a real migrated database, a placement that gets round the types
// without its payment, or with the wrong one, is refused before anything is written; a card
// checkout (checkout.ts payAndPlace) learns its total from one explicit quote, which writes
// nothing and refuses what the placement would refuse before the card is asked for anything.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("./place"),
  payment: await import("./payment"),
  paid: await import("./testing/place-paid"),
  fixtures: await import("../platform/testing/fixtures"),
};

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const byCard = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
const byWallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const cartOf = (s: Shop, submit: SubmitOrderInput) => placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit });
const written = async (user: User) => ({
  orders: await m.db.order.count({ where: { userId: user.id } }),
  payments: await m.db.payment.count({ where: { userId: user.id } }),
  entries: await m.db.ledgerEntry.count(),
});

describe("a placement's payment", () => {
  it("a placement without its payment, or with the wallet's for a card order, is refused before anything is written", async () => {
    const s = await m.fixtures.shop();
    const user = await m.fixtures.customer("nopay");
    const before = await written(user);
    const place = (submit: SubmitOrderInput, payment: unknown) =>
      m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: cartOf(s, submit) }, submit, payment as never));
    await expect(place(byCard, undefined)).rejects.toThrow("placed without its payment");
    await expect(place(byWallet, undefined)).rejects.toThrow("placed without its payment");
    await expect(place(byCard, m.payment.WALLET_PAYMENT)).rejects.toThrow("placed without its payment");
    expect(await written(user)).toEqual(before);
  });

  it("a card checkout's order stands on an authorization for exactly its total, linked in the placement", async () => {
    const s = await m.fixtures.shop();
    const user = await m.fixtures.customer("paid");
    const order = await m.paid.placePaid(user, { cart: cartOf(s, byCard) }, byCard);
    const payment = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(payment).toMatchObject({ state: "authorized", amountCents: order.totalCents, userId: user.id });
  });

  it("the quote writes nothing, and what the placement refuses (the open-order limit) is refused before the card is authorized", async () => {
    const s = await m.fixtures.shop();
    const user = await m.fixtures.customer("quote", { guestAccount: true, address: null, city: null, state: null, zip: null });
    const guest = submitOrderSchema.parse({ ...byCard, deliveryAddress: "500 Oak St, Eugene, OR, 97401" });
    const before = await m.db.user.findUniqueOrThrow({ where: { id: user.id } });
    const quoted = await m.sql.sqlTransaction((sql) => m.place.quotePlacement(sql, user, { cart: cartOf(s, guest) }, guest));
    expect(quoted.totalCents).toBeGreaterThan(0);
    // The guest's address is checked, not saved: a placement refused later leaves it unsaved.
    expect(await m.db.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
    expect(await written(user)).toMatchObject({ orders: 0, payments: 0 });

    const regular = await m.fixtures.customer("limit");
    for (let i = 0; i < OPEN_ORDER_LIMITS.perRestaurant; i++) await m.paid.placePaid(regular, { cart: cartOf(s, byWallet) }, byWallet);
    const payments = await m.db.payment.count({ where: { userId: regular.id } });
    await expect(m.paid.placePaid(regular, { cart: cartOf(s, byCard) }, byCard)).rejects.toMatchObject({ status: 429 });
    // Refused by the quote: no authorization asked for (the first run used to learn this by a rolled-back placement).
    expect(await m.db.payment.count({ where: { userId: regular.id } })).toBe(payments);
  });
});
