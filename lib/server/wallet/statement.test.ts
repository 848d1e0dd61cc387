import { expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { installAppDb, restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The wallet statement (GET /api/users/wallet/{id}/transactions, one of the personal reads) read in
// plain SQL against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL): the
// same lines as Prisma's include gave, page by page, and no statement through Prisma's client.

const test = setUpTestDatabase();
// The app's client, created here with a query listener so the test can see Prisma's statements.
const prismaStatements: string[] = [];
// Loaded after setUpTestDatabase: the app's modules (sql.ts's readSql) must know this client's connection.
const { createDb } = await import("../platform/create-db");
installAppDb(createDb(test.url, { onQuery: (sql) => prismaStatements.push(sql) }), test.url);

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("./ledger"),
  wallet: await import("./wallet"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
};

/** The statement as Prisma's include read it (the shape the plain SQL must keep). */
async function prismaStatement(userId: number, paging: { limit: number; offset: number }) {
  const rows = await m.db.walletTransaction.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit,
    include: { order: { select: { restaurantName: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amountCents / 100,
    balanceAfter: row.balanceAfterCents / 100,
    orderId: row.orderId,
    restaurantName: row.order?.restaurantName ?? null,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
  }));
}

it("answers the statement's pages as Prisma's include did (an order's restaurant named), without Prisma's client; another's wallet is a 403", async () => {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const user = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110" } });
  for (const amountCents of [5_000, 7_000, 11_000])
    await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents, kind: "topup" }));
  const wallet = submitOrderSchema.parse({ deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 2 }] }),
  );
  await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  const me = await m.db.user.findUniqueOrThrow({ where: { id: user.id } });

  for (const paging of [
    { limit: 2, offset: 0 },
    { limit: 2, offset: 2 },
    { limit: 20, offset: 0 },
  ]) {
    const expected = await prismaStatement(user.id, paging);
    prismaStatements.length = 0;
    expect(await m.wallet.walletStatement(me, user.id, paging)).toEqual(expected);
    expect(prismaStatements).toEqual([]);
  }
  const all = await m.wallet.walletStatement(me, user.id, { limit: 20, offset: 0 });
  expect(all.map((line) => line.kind)).toEqual(["payment", "topup", "topup", "topup"]);
  expect(all[0]).toMatchObject({ orderId: active.id, restaurantName: restaurant.name });
  await expect(m.wallet.walletStatement(me, owner.id, { limit: 20, offset: 0 })).rejects.toMatchObject({ status: 403 });
});
