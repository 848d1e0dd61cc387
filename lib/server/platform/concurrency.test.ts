import { expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase } from "./testing/db";

// Read-then-write steps that SQLite serialises by itself (one transaction at a time) but
// PostgreSQL runs side by side under READ COMMITTED: each takes its row's lock first, so
// the same bursts give the same results on both databases.

const test = setUpTestDatabase({ LOGIN_MAX_FAILURES_PER_ADDRESS: "1000", SIGNUP_MAX_PER_ADDRESS: "1000" });
const throttle = await import("./throttle");
const menuItems = await import("../menu/menu-items");

it("20 failed logins at once are all counted", async () => {
  await throttle.recordLoginFailure("burst@example.com", "10.0.0.1");
  await Promise.all(Array.from({ length: 20 }, () => throttle.recordLoginFailure("burst@example.com", "10.0.0.1")));
  const pair = await test.db.loginThrottle.findUniqueOrThrow({ where: { key: "pair:burst@example.com|10.0.0.1" } });
  const address = await test.db.loginThrottle.findUniqueOrThrow({ where: { key: "address:10.0.0.1" } });
  expect([pair.failures, address.failures]).toEqual([21, 21]);
});

it("20 signups at once from one address all take their slot", async () => {
  await Promise.all(Array.from({ length: 20 }, () => throttle.takeCreationSlot("signup", "10.0.0.2")));
  const row = await test.db.loginThrottle.findUniqueOrThrow({ where: { key: "signup:10.0.0.2" } });
  expect(row.failures).toBe(20);
});

it("20 like toggles at once all succeed and leave the count equal to the likes", async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await test.db.restaurant.create({ data: restaurantRow(owner.id, { name: "Toggle Diner" }) });
  const item = await test.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Curry", description: "c", priceCents: 900, foodImage: "/c.webp", foodType: "entree" },
  });
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => menuItems.toggleLike(owner.id, item.id)));
  expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  const after = await test.db.menuItem.findUniqueOrThrow({ where: { id: item.id }, include: { likes: true } });
  expect(after.likeCount).toBe(after.likes.length);
  expect(after.likeCount).toBe(0); // an even number of toggles
});
