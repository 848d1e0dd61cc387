import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// The ledger's invariants (docs/architecture/ledger.md) under concurrency, on a real migrated
// database: SQLite, and PostgreSQL under `npm run test:postgres` (TEST_DATABASE_URL). 50 checkouts
// at once (wallet and card, some on wallets too short), then cancels, rejects, deliveries, support
// refunds and payouts all at once; after each burst every entry balances, every balance is the
// sum of its lines, the balances add up to zero and none but external is negative
// (lib/server/ledger/check.ts). Replaying a payment, a settlement or a refund moves nothing.

const test = setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  cancel: await import("../orders/cancel"),
  reject: await import("../orders/reject"),
  complete: await import("../orders/complete"),
  orders: await import("./orders"),
  payouts: await import("../payouts/lifecycle"),
  check: await import("./check"),
  post: await import("./post"),
  paid: await import("../orders/testing/place-paid"),
  accept: await import("../orders/accept"),
};

const problems = () => m.db.$transaction((tx) => m.check.ledgerProblems(m.sql.sqlOf(tx)));
const entries = () => m.db.ledgerEntry.count();
const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));

async function customer(walletCents: number): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  if (walletCents) await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurantWithDish() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

const checkout = (user: User, restaurantId: number, menuItemId: number, paymentMethod: "wallet" | "card") => {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 2 }], submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod } });
  // A card is authorized by the test provider first (the account's demo card), as POST /api/orders does.
  return m.paid.placePaid(user, { cart: input }, input.submit!);
};

const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));

describe("the ledger's invariants", () => {
  it("hold through 50 checkouts, then cancels, rejects, deliveries, refunds and payouts at once; replays move nothing", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const customers = await Promise.all(Array.from({ length: 50 }, (_, i) => customer(i % 10 === 9 ? 100 : 10_000)));
    expect(await problems()).toEqual([]);

    // 50 checkouts at once: every tenth customer's wallet is too short (refused, nothing written).
    const placed = await Promise.allSettled(customers.map((user, i) => checkout(user, restaurant.id, dish.id, i % 3 === 0 ? "card" : "wallet")));
    const orders = placed.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = placed.filter((result) => result.status === "rejected");
    expect(refused.every((result) => (result as PromiseRejectedResult).reason.status === 400)).toBe(true);
    expect(orders.length).toBeGreaterThanOrEqual(40);
    expect(await problems()).toEqual([]);
    // Only the wallets' payments are in clearing: a card is charged (captured) when the restaurant accepts.
    const held = orders.filter((order) => order.paymentMethod === "wallet").reduce((sum, order) => sum + order.totalCents, 0);
    expect(await balance(m.post.account.clearing)).toBe(held);

    // At once: customers cancel some, the restaurant rejects some and delivers the rest
    // (its own staff), and asks for payouts while the money comes in.
    const byCustomer = new Map(customers.map((user) => [user.id, user]));
    const work = orders.map((order, i) => {
      if (i % 5 === 0) return m.cancel.cancelOrder(byCustomer.get(order.userId)!, order.id);
      if (i % 5 === 1) return m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("out_of_stock", "dumplings"));
      return m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
    });
    // The payouts as of two days on: a delivered order's earnings are pending until its report window closes.
    const later = new Date(Date.now() + 49 * 3600 * 1000);
    const payouts = Array.from({ length: 5 }, () => m.payouts.requestPayout(m.post.account.restaurant(restaurant.id), 500, "amount", later));
    const results = await Promise.allSettled([...work, ...payouts]);
    expect(results.slice(0, work.length).every((result) => result.status === "fulfilled")).toBe(true);
    // At most one payout in flight: the others are 409 (in flight, or more than is available yet).
    const paidOut = results.slice(work.length).filter((result) => result.status === "fulfilled");
    expect(paidOut.length).toBeLessThanOrEqual(1);
    for (const result of results.slice(work.length)) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    expect(await problems()).toEqual([]);
    // Everything delivered or given back: clearing is empty again.
    expect(await balance(m.post.account.clearing)).toBe(0);

    // Replays: the payment, the settlement and the refund of every order again, at once: nothing moves.
    const before = await entries();
    await Promise.all(
      orders.flatMap((order) => [
        inTx((sql) => m.orders.chargeOrder(sql, { id: order.id, userId: order.userId, paymentMethod: order.paymentMethod!, totalCents: order.totalCents })).catch(
          () => undefined,
        ),
        inTx((sql) => m.orders.settleOrder(sql, order.id)),
      ]),
    );
    const canceled = orders.filter((_, i) => i % 5 < 2);
    await Promise.all(canceled.map((order) => inTx((sql) => m.orders.refundOrder(sql, order.id))));
    expect(await entries()).toBe(before);
    expect(await problems()).toEqual([]);

    // Support refunds of delivered orders at once with more payout requests: each refund takes back
    // exactly what each account received, or (the restaurant has paid it out) is a 409 moving nothing.
    await m.db.payout.updateMany({ data: { state: "paid" } });
    const delivered = orders.filter((_, i) => i % 5 >= 2).slice(0, 10);
    const more = await Promise.allSettled([
      ...delivered.map((order) => inTx((sql) => m.orders.refundOrder(sql, order.id))),
      ...Array.from({ length: 3 }, () => m.payouts.requestPayout(m.post.account.restaurant(restaurant.id), 1_000, "amount", later)),
    ]);
    for (const result of more) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    expect(await problems()).toEqual([]);
    for (const order of delivered) {
      const lines = await m.db.ledgerLine.groupBy({ by: ["account"], where: { entry: { orderId: order.id } }, _sum: { amountCents: true } });
      // Refunded in full (every account back to zero for the order), or not at all. A card's refund
      // is owed to it (card-refunds) until the provider confirms it: the two together are zero.
      const refundedNow = await m.db.ledgerEntry.count({ where: { orderId: order.id, kind: "refund" } });
      const card = (id: string) => id === m.post.account.external || id === m.post.account.cardRefunds;
      if (refundedNow) {
        expect(lines.filter((line) => !card(line.account)).every((line) => line._sum.amountCents === 0)).toBe(true);
        expect(lines.filter((line) => card(line.account)).reduce((sum, line) => sum + (line._sum.amountCents ?? 0), 0)).toBe(0);
      }
    }
  }, 120_000);

  it("splits a delivered order: restaurant (subtotal - commission - its discount), courier's fees to the restaurant's own staff, platform (service + commission)", async () => {
    const { owner, restaurant } = await restaurantWithDish();
    await m.db.restaurant.update({ where: { id: restaurant.id }, data: { commissionPercent: 20 } });
    const user = await customer(10_000);
    // A discounted order as promotions write it: discountCents already taken off the total.
    const money = { subtotalCents: 2_500, deliveryFeeCents: 649, priorityFeeCents: 149, serviceFeeCents: 250, tipCents: 300, discountCents: 500 };
    const totalCents = money.subtotalCents + money.deliveryFeeCents + money.priorityFeeCents + money.serviceFeeCents + money.tipCents - money.discountCents;
    const order = await m.db.order.create({
      data: {
        userId: user.id,
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        stage: "placed",
        paymentMethod: "wallet",
        ...money,
        totalCents,
        submittedAt: new Date(),
      },
    });
    await inTx((sql) => m.orders.chargeOrder(sql, { id: order.id, userId: user.id, paymentMethod: "wallet", totalCents }));
    expect(await balance(m.post.account.wallet(user.id))).toBe(10_000 - totalCents);
    await m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
    const settlement = await m.db.ledgerEntry.findFirstOrThrow({ where: { orderId: order.id, kind: "settlement" }, include: { lines: { orderBy: { account: "asc" } } } });
    const commission = 500; // 20% of 25.00
    expect(settlement.lines.map((line) => [line.account, line.amountCents])).toEqual([
      ["clearing", -totalCents],
      ["platform", money.serviceFeeCents + commission],
      // Own staff delivered it: the delivery and priority fees and the tip are the restaurant's.
      [`restaurant:${restaurant.id}`, money.subtotalCents - commission - money.discountCents + money.deliveryFeeCents + money.priorityFeeCents + money.tipCents],
    ]);
    expect(await problems()).toEqual([]);
  });

  it("a card payment comes from external when captured and goes back there; a voided one moves nothing; a free order moves nothing", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish();
    const user = await customer(0);
    const external = await balance(m.post.account.external);
    const voided = await checkout(user, restaurant.id, dish.id, "card");
    expect(await balance(m.post.account.external)).toBe(external);
    await m.reject.rejectOrder(owner, restaurant.id, voided.id, rejectionOf("closing", "early"));
    expect(await m.db.ledgerEntry.count({ where: { orderId: voided.id } })).toBe(0);
    const order = await checkout(user, restaurant.id, dish.id, "card");
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 20);
    expect(await balance(m.post.account.external)).toBe(external - order.totalCents);
    await m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("closing", "early"));
    expect(await balance(m.post.account.external)).toBe(external);
    expect(await m.db.ledgerEntry.findMany({ where: { orderId: order.id }, select: { kind: true }, orderBy: { id: "asc" } })).toEqual([
      { kind: "payment" },
      { kind: "refund" },
      // The provider's confirmation of the card's refund: card-refunds to external.
      { kind: "refund" },
    ]);
    await inTx((sql) => m.orders.chargeOrder(sql, { id: order.id + 1000, userId: user.id, paymentMethod: "card", totalCents: 0 }));
    expect(await problems()).toEqual([]);
  });

  it("post() refuses an entry that does not balance, and a debit beyond a balance, writing nothing", async () => {
    const before = await entries();
    await expect(inTx((sql) => m.post.post(sql, { kind: "payment", lines: [{ account: "platform", amountCents: 5 }] }))).rejects.toThrow(/does not balance/);
    await expect(
      inTx((sql) =>
        m.post.post(sql, {
          kind: "payout",
          lines: [
            { account: "courier:999999", amountCents: -1 },
            { account: "external", amountCents: 1 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await entries()).toBe(before);
    void test;
  });
});
