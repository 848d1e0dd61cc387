import { describe, expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase } from "./test-db";

// The hourly sweep against a real, migrated database: old guest accounts
// without orders go, with everything hanging off them; nothing else does.

setUpTestDatabase();
const sweep = await import("./sweep");
const { db } = await import("./db");

const DAY = 24 * 3600 * 1000;
const now = new Date("2026-11-22T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("pruneGuests", () => {
  it("deletes guests older than 7 days without orders, with their likes, ledger and keys; keeps the rest", async () => {
    const owner = await db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await db.restaurant.create({ data: restaurantRow(owner.id, { name: "Sweep Diner" }) });
    const item = await db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Toast", description: "Warm toast", priceCents: 500, foodImage: "https://example.com/t.jpg", foodType: "entree" },
    });

    const stale = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(8) } });
    await db.like.create({ data: { userId: stale.id, menuItemId: item.id } });
    await db.walletTransaction.create({ data: { userId: stale.id, kind: "topup", amountCents: 0, balanceAfterCents: 0 } });
    await db.idempotencyKey.create({ data: { userId: stale.id, key: "k", scope: "orders", requestHash: "h", status: 201, responseBody: "{}" } });
    const recent = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(6) } });
    const ordered = await db.user.create({ data: { firstName: "Guest", guestAccount: true, createdAt: daysAgo(30) } });
    await db.order.create({ data: { userId: ordered.id, restaurantId: restaurant.id, restaurantName: restaurant.name } });
    const member = await db.user.create({ data: { firstName: "Member", email: "member@example.com", createdAt: daysAgo(30) } });

    // Two processes sweeping at the same moment delete each row once.
    const counts = await Promise.all([sweep.pruneGuests(now), sweep.pruneGuests(now)]);
    expect(counts[0]! + counts[1]!).toBe(1);

    const left = (await db.user.findMany({ select: { id: true } })).map((u) => u.id);
    expect(left.sort()).toEqual([owner.id, recent.id, ordered.id, member.id].sort());
    expect(await db.like.count({ where: { userId: stale.id } })).toBe(0);
    expect(await db.walletTransaction.count({ where: { userId: stale.id } })).toBe(0);
    expect(await db.idempotencyKey.count({ where: { userId: stale.id } })).toBe(0);
    expect((await db.menuItem.findUniqueOrThrow({ where: { id: item.id } })).id).toBe(item.id);
    expect(await sweep.pruneGuests(now)).toBe(0);
  });
});
