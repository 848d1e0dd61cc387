import { describe, expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";

// Money columns hold 64-bit cents on both databases: SQLite's INTEGER
// always did; on PostgreSQL INTEGER is 32-bit, so a wallet over $21,474,836.47 overflowed
// until the money_bigint migration. `npm run test:postgres` runs this file on PostgreSQL.

const test = setUpTestDatabase();
const wallet = await import("./wallet");
const users = await import("../accounts/users");

/** One cent past the 32-bit limit: 2,147,483,649 cents = $21,474,836.49. */
const BIG = 2 ** 31 + 1;

const ledgerSum = async (userId: number) => (await test.db.walletTransaction.aggregate({ where: { userId }, _sum: { amountCents: true } }))._sum.amountCents;

describe("money past 2^31 cents", () => {
  it("a wallet topped up across 2^31 cents keeps every cent, in the ledger too", async () => {
    const user = await test.db.user.create({ data: { firstName: "Rich", passwordHash: "x" } });
    // A top-up is at most WALLET_TOPUP_MAX ($10,000): the wallet is credited past 2^31 by
    // the ledger's own move (21 x $1,000,000), then the last cents through the API's top-up.
    const { db } = await import("../platform/db");
    const { sqlOf } = await import("../platform/sql");
    const { moveWallet } = await import("./ledger");
    for (let i = 0; i < 21; i++) await db.$transaction((tx) => moveWallet(sqlOf(tx), { userId: user.id, amountCents: 100_000_000, kind: "topup" }));
    await db.$transaction((tx) => moveWallet(sqlOf(tx), { userId: user.id, amountCents: BIG - 2_100_000_000 - 100, kind: "topup" }));
    const rich = await wallet.topUpWallet(user, user.id, 100);
    expect(rich.walletCents).toBe(BIG);
    expect(users.userToJson(rich).wallet).toBe(21_474_836.49);
    expect(await ledgerSum(user.id)).toBe(BIG);

    const [last] = await wallet.walletStatement(rich, rich.id, { offset: 0, limit: 1 });
    expect(last).toMatchObject({ kind: "topup", amount: 1, balanceAfter: 21_474_836.49 });

    const after = await wallet.deductWallet(rich, rich.id, 100_000_000);
    expect(after.walletCents).toBe(BIG - 100_000_000);
    await expect(wallet.deductWallet(after, after.id, BIG)).rejects.toMatchObject({ status: 400, message: "Insufficient funds" });
    expect(await walletCentsOf(test.db, user.id)).toBe(BIG - 100_000_000);
    expect(await ledgerSum(user.id)).toBe(BIG - 100_000_000);
  });

  it("every cents column stores and reads back 2^31 + 1 exactly", async () => {
    const owner = await test.db.user.create({ data: { firstName: "Owner" } });
    await test.db.ledgerAccount.create({ data: { id: `wallet:${owner.id}`, kind: "wallet", balanceCents: BIG } });
    const restaurant = await test.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Gold Leaf", priceLevel: "VERY_EXPENSIVE", deliveryFeeCents: BIG }) });
    const item = await test.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Caviar", description: "c", priceCents: BIG, foodImage: "/c.webp", foodType: "entree" },
    });
    const order = await test.db.order.create({
      data: {
        userId: owner.id,
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        stage: "placed",
        subtotalCents: BIG,
        deliveryFeeCents: BIG,
        priorityFeeCents: BIG,
        serviceFeeCents: BIG,
        tipCents: BIG,
        totalCents: 5 * BIG,
        orderItems: { create: [{ menuItemId: item.id, name: "Caviar", priceCents: BIG, restaurantId: restaurant.id, quantity: 1 }] },
      },
    });
    const entry = await test.db.walletTransaction.create({ data: { userId: owner.id, kind: "refund", amountCents: -BIG, balanceAfterCents: BIG, orderId: order.id } });

    expect(await walletCentsOf(test.db, owner.id)).toBe(BIG);
    expect((await test.db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } })).deliveryFeeCents).toBe(BIG);
    expect((await test.db.menuItem.findUniqueOrThrow({ where: { id: item.id } })).priceCents).toBe(BIG);
    const stored = await test.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { orderItems: true } });
    expect(stored).toMatchObject({ subtotalCents: BIG, deliveryFeeCents: BIG, priorityFeeCents: BIG, serviceFeeCents: BIG, tipCents: BIG, totalCents: 5 * BIG });
    expect(stored.orderItems[0]!.priceCents).toBe(BIG);
    expect(typeof stored.totalCents).toBe("number");
    expect(await test.db.walletTransaction.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ amountCents: -BIG, balanceAfterCents: BIG });
  });

  it("the CHECK constraints still hold on the wide columns", async () => {
    const user = await test.db.user.create({ data: { firstName: "Broke" } });
    await expect(test.db.ledgerAccount.create({ data: { id: `wallet:${user.id}`, kind: "wallet", balanceCents: -BIG } })).rejects.toThrow();
    await expect(test.db.walletTransaction.create({ data: { userId: user.id, kind: "deduct", amountCents: -1, balanceAfterCents: -BIG } })).rejects.toThrow();
    await expect(test.db.order.create({ data: { userId: user.id, restaurantName: "X", totalCents: -BIG } })).rejects.toThrow();
  });
});
