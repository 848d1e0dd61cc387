import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { MAX_OPEN_CARD_ORDERS } from "@/lib/shared/constants";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/validation/checkout";
import { placeOrderSchema } from "@/lib/validation/orders";
import { restaurantInput, setUpTestDatabase } from "../platform/test-db";

// The open card order limit (card-limit.ts) against a real, migrated database: card checkout
// charges nothing, so at most MAX_OPEN_CARD_ORDERS of them wait for the restaurant per account
// and per delivery address; the next is a 429 naming the payment method that writes nothing,
// through both checkouts (create + submit, and the one-call POST /api/orders with submit).

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  accept: await import("./accept"),
  limit: await import("./card-limit"),
};

const customer = (address: Partial<Pick<User, "address" | "city" | "state" | "zip">> = {}) => m.db.user.create({ data: { firstName: "Ada", ...address } });

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
const cartOf = (s: Shop) => ({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] });

/** Create + submit (PUT /api/orders/{id}/submit's way); answers the Active order when the submit is refused. */
async function place(user: User, s: Shop, input: SubmitOrderInput = card) {
  const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, cartOf(s)));
  return { active, submitted: m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, input)) };
}
const oneCall = (user: User, s: Shop, submit: object = card) =>
  m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: placeOrderSchema.parse({ ...cartOf(s), submit }) }, submitOrderSchema.parse(submit)));

const ordersOf = (user: User) => m.db.order.findMany({ where: { userId: user.id }, select: { stage: true } });

describe("open card orders: at most MAX_OPEN_CARD_ORDERS waiting for a restaurant", () => {
  it("the 6th open card order of an account is a 429 naming the payment method and places nothing; wallet still pays; an accepted one makes room", async () => {
    const s = await shop();
    const user = await customer();
    for (let i = 0; i < MAX_OPEN_CARD_ORDERS; i++) await (await place(user, s)).submitted;

    const sixth = await place(user, s);
    const refusal = { status: 429, message: m.limit.CARD_LIMIT_MESSAGES.account, errors: { paymentMethod: m.limit.CARD_LIMIT_MESSAGES.account } };
    await expect(sixth.submitted).rejects.toMatchObject(refusal);
    await expect(oneCall(user, s)).rejects.toMatchObject({ ...refusal, errors: { "submit.paymentMethod": m.limit.CARD_LIMIT_MESSAGES.account } });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: sixth.active.id } })).toMatchObject({ stage: null, paymentMethod: null });
    expect(await m.db.orderEvent.count({ where: { orderId: sixth.active.id } })).toBe(0);
    expect((await ordersOf(user)).filter((o) => o.stage === "placed")).toHaveLength(MAX_OPEN_CARD_ORDERS);
    expect(await m.db.walletTransaction.count({ where: { userId: user.id } })).toBe(0);

    // Wallet orders pay, and are not capped (this one is refused only for want of money).
    await expect(oneCall(user, s, { ...card, paymentMethod: "wallet" })).rejects.toMatchObject({ status: 400, message: "Insufficient funds in your wallet." });
    // Once the restaurant accepts one, the next card order goes through.
    const [first] = await m.db.order.findMany({ where: { userId: user.id, stage: "placed" }, orderBy: { id: "asc" }, take: 1 });
    await m.accept.acceptOrder(s.owner, s.restaurant.id, first!.id, 20);
    await expect(m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: sixth.active.id }, card))).resolves.toMatchObject({
      stage: "placed",
    });
  });

  it("the limit holds per delivery address across accounts (case and spaces aside); a pickup is not a delivery there", async () => {
    const s = await shop();
    const a = await customer({ address: "500 Market St", zip: "94105" });
    const b = await customer({ address: " 500 market st ", zip: "94105" });
    const elsewhere = await customer({ address: "500 Market St", zip: "10001" });
    for (let i = 0; i < 3; i++) await oneCall(a, s);
    for (let i = 0; i < 2; i++) await oneCall(b, s);

    await expect(oneCall(b, s)).rejects.toMatchObject({ status: 429, message: m.limit.CARD_LIMIT_MESSAGES.address });
    await expect(oneCall(a, s)).rejects.toMatchObject({ status: 429, message: m.limit.CARD_LIMIT_MESSAGES.address });
    expect(await ordersOf(b)).toHaveLength(2);
    await expect(oneCall(b, s, { ...card, deliveryOption: "pickup" })).resolves.toMatchObject({ stage: "placed", pickup: true });
    await expect(oneCall(elsewhere, s)).resolves.toMatchObject({ stage: "placed" });
  });
});
