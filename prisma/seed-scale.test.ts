// `npm run db:seed -- --scale N`: scale 2 into throwaway SQLite files proves the row
// counts, the invariants (ledger sum = wallet, ratings = reviews, no dangling keys), that the
// demo data is left exactly as scale 1 seeds it, and that the same scale gives the same rows.

import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../lib/server/platform/testing/db";
import { seedDatabase } from "./seed";
import { BENCH_ORDERS_EMAIL, bulkRows, scaleCounts, seedScale } from "./seed-scale";

const SCALE = 2;
const HASH = "not-a-real-hash";
type TestDb = ReturnType<typeof createTestDatabase>;

async function seeded(scale: number): Promise<{ test: TestDb; sqlite: Database.Database }> {
  const test = createTestDatabase();
  await seedDatabase(test.db, { passwordHash: HASH });
  const file = test.url.replace(/^file:/, "");
  await seedScale(test.db, scale, HASH, file);
  return { test, sqlite: new Database(file, { readonly: true }) };
}

/** Rows without their timestamps (those are "days before now", so they differ run to run). */
function timeless(rows: unknown[]): Record<string, unknown>[] {
  return (rows as Record<string, unknown>[]).map((row) => {
    const copy = { ...row };
    for (const key of ["createdAt", "updatedAt", "submittedAt", "closedAt", "acceptedAt", "estimatedReadyAt", "at", "emailVerifiedAt"]) delete copy[key];
    return copy;
  });
}

const count = (sqlite: Database.Database, table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;

let one: Awaited<ReturnType<typeof seeded>>;
let two: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  one = await seeded(1);
  two = await seeded(SCALE);
}, 120_000);

afterAll(async () => {
  for (const s of [one, two]) {
    s?.sqlite.close();
    await s?.test.cleanup();
  }
});

describe("seeding at scale", () => {
  it("has the scale's row counts: 200·N restaurants, 20 dishes each, 20,000·N orders, 5,000·N reviews", () => {
    const counts = scaleCounts(SCALE);
    expect(count(two.sqlite, "Restaurant")).toBe(counts.restaurants);
    expect(count(two.sqlite, "Order")).toBe(counts.orders);
    expect(count(two.sqlite, "Review")).toBe(counts.reviews);
    // The demo restaurants keep their own (shorter) menus.
    expect(count(two.sqlite, "MenuItem")).toBeGreaterThan(0.95 * counts.restaurants * counts.menuItemsPerRestaurant);
    const bench = two.sqlite.prepare(`SELECT count(*) AS n FROM "Order" o JOIN "User" u ON u.id = o.userId WHERE u.email = ?`).get(BENCH_ORDERS_EMAIL) as { n: number };
    expect(bench.n).toBe(counts.benchUserOrders);
  });

  it("scale 1 is the demo data exactly, and scale N leaves the demo rows as they were", () => {
    expect(count(one.sqlite, "Restaurant")).toBe(25);
    for (const table of ["User", "Restaurant", "MenuItem", "Order", "Review", "WalletTransaction", "Like"]) {
      const n = count(one.sqlite, table);
      const columns = table === "Like" ? "userId, menuItemId" : "*";
      const demo = (s: Database.Database) => timeless(s.prepare(`SELECT ${columns} FROM "${table}" ORDER BY 1, 2 LIMIT ?`).all(n));
      expect(demo(two.sqlite), table).toEqual(demo(one.sqlite));
    }
  });

  it("keeps the invariants: ledger sum = wallet, ratings = reviews, no dangling foreign keys", () => {
    const s = two.sqlite;
    expect(
      s
        .prepare(
          `SELECT u.id FROM "User" u LEFT JOIN "LedgerAccount" a ON a.id = 'wallet:' || u.id WHERE coalesce(a.balanceCents, 0) != (SELECT coalesce(sum(amountCents), 0) FROM "WalletTransaction" w WHERE w.userId = u.id)`,
        )
        .all(),
    ).toEqual([]);
    expect(
      s
        .prepare(
          `SELECT r.id FROM "Restaurant" r WHERE r.ratingSum != (SELECT coalesce(sum(restaurantRating), 0) FROM "Review" v WHERE v.restaurantId = r.id) OR r.numReviews != (SELECT count(*) FROM "Review" v WHERE v.restaurantId = r.id)`,
        )
        .all(),
    ).toEqual([]);
    expect(
      s
        .prepare(
          `SELECT o.id FROM "Order" o WHERE o.subtotalCents != (SELECT sum(priceCents * quantity) FROM "OrderItem" i WHERE i.orderId = o.id) OR o.totalCents != o.subtotalCents + o.deliveryFeeCents + o.priorityFeeCents + o.serviceFeeCents + o.tipCents`,
        )
        .all(),
    ).toEqual([]);
    expect(s.pragma("foreign_key_check")).toEqual([]);
  });

  it("is deterministic: the same scale gives the same rows", async () => {
    // Generated twice against the demo-only database (timestamps are "days before now").
    const first = await bulkRows(one.test.db, SCALE, HASH);
    const second = await bulkRows(one.test.db, SCALE, HASH);
    const digest = (rows: unknown[]) =>
      createHash("sha256")
        .update(JSON.stringify(timeless(rows)))
        .digest("hex");
    for (const [table, rows] of Object.entries(first)) {
      expect(digest(second[table as keyof typeof second]), table).toBe(digest(rows));
    }
    expect(first.Restaurant.length).toBe(scaleCounts(SCALE).restaurants - 25);
  });

  it("takes other sizes (the dinner rush's city): long histories, couriers, every place known", async () => {
    // Generated in memory against the demo-only database: the sizes asked, not the scale's.
    const sizes = { restaurants: 40, customers: 30, orders: 1_000, longCustomers: 3, longOrders: 7, couriers: 4 };
    const rows = await bulkRows(one.test.db, SCALE, HASH, sizes);
    expect(rows.Restaurant.length).toBe(40 - 25);
    const byEmail = (pattern: RegExp) => rows.User.filter((u) => pattern.test(u.email ?? ""));
    expect(byEmail(/^(customer|long)\d+@/).length).toBe(30);
    const long = byEmail(/^long\d+@/);
    expect(long.map((u) => rows.Order.filter((o) => o.userId === u.id).length)).toEqual([7, 7, 7]);
    const couriers = byEmail(/^courier\d+@/);
    expect(couriers.map((u) => [u.courier, u.courierStatus])).toEqual(Array(4).fill([true, "approved"]));
    expect([...rows.User, ...rows.Restaurant].every((row) => typeof row.lat === "number" && typeof row.lng === "number")).toBe(true);
  });
});
