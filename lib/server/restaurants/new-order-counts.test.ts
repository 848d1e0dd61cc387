import { describe, expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// The manage page's "n new" counts (docs/architecture/team.md): a person's own
// restaurants and those they work at as manager or staff, nobody else's; a member admitted to one
// restaurant (a grant) counts that one alone, as restaurantScope scopes them.

const test = setUpTestDatabase();
const { countNewOrders } = await import("./new-order-counts");

describe("new order counts", () => {
  it("count the restaurants the person owns or works at, and no other", async () => {
    const db = test.db;
    const boss = await db.user.create({ data: { firstName: "Boss", restaurantOwner: true } });
    const cook = await db.user.create({ data: { firstName: "Cook", restaurantOwner: true } });
    const customer = await db.user.create({ data: { firstName: "Casey" } });
    const staffAt = await db.restaurant.create({ data: restaurantRow(boss.id, { name: "Staff at" }) });
    const managerAt = await db.restaurant.create({ data: restaurantRow(boss.id, { name: "Manager at" }) });
    const notTheirs = await db.restaurant.create({ data: restaurantRow(boss.id, { name: "Not theirs" }) });
    const own = await db.restaurant.create({ data: restaurantRow(cook.id, { name: "Own" }) });
    await db.restaurantMember.create({ data: { restaurantId: staffAt.id, userId: cook.id, role: "staff" } });
    await db.restaurantMember.create({ data: { restaurantId: managerAt.id, userId: cook.id, role: "manager" } });
    const orders = [staffAt, staffAt, managerAt, notTheirs, own, own, own];
    for (const r of orders) await db.order.create({ data: { userId: customer.id, restaurantId: r.id, restaurantName: r.name, stage: "placed" } });
    await db.order.create({ data: { userId: customer.id, restaurantId: staffAt.id, restaurantName: "Staff at", stage: "accepted" } });

    expect(await countNewOrders(cook)).toEqual({ [staffAt.id]: 2, [managerAt.id]: 1, [own.id]: 3 });
    expect(await countNewOrders({ ...cook, restaurantGrant: { restaurantId: staffAt.id } })).toEqual({ [staffAt.id]: 2 });
    expect(await countNewOrders(boss)).toEqual({ [staffAt.id]: 2, [managerAt.id]: 1, [notTheirs.id]: 1 });
  });
});
