import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./create-db";
import { setUpTestDatabase, restaurantInput } from "./testing/db";

// The catalog cache (catalog-cache.ts) against a real, migrated database: cached reads are
// reused while nothing changed, and every kind of catalog write is seen by the next read,
// including a write through another connection (another process or instance), which this
// process's code never hears about.

const test = setUpTestDatabase();

const restaurants = await import("../restaurants/restaurants");
const items = await import("../menu/menu-items");
const manage = await import("../restaurants/manage");
const menu = await import("../menu/owner-menu");
const cache = await import("./catalog-cache");
const { db } = await import("./db");
/** A second connection to the same database: writes the app's process cannot see coming. */
const other = createDb(test.url);
afterAll(() => other.$disconnect());

async function shop(name: string, cuisineType?: string) {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await manage.createRestaurant(owner, restaurantInput(name, cuisineType));
  const item = await menu.createMenuItem(owner, {
    restaurantId: restaurant.id,
    name: "Dumplings",
    description: "Six pork dumplings.",
    priceCents: 600,
    foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
    foodType: "appetizer",
  });
  return { owner, restaurant, item };
}

const page = { limit: 20, offset: 0, q: undefined };
const names = async () => (await restaurants.listRestaurants(page)).restaurants.map((r) => r.name);

describe("catalog cache", () => {
  it("holds at most its entries and bytes in each space, the least recently used going first", async () => {
    await restaurants.listRestaurants(page);
    const entries = cache.SPACES.search.maxEntries;
    for (let i = 0; i < entries + 50; i++) await cache.catalogCached(`bounded:${i}`, async () => ({ i }), { space: "search" });
    expect(cache.catalogCacheSize("search").entries).toBe(entries);
    let loads = 0;
    await cache.catalogCached(`bounded:0`, async () => ({ i: ++loads }), { space: "search" }); // the oldest: gone
    await cache.catalogCached(`bounded:${entries + 49}`, async () => ({ i: ++loads }), { space: "search" }); // the newest: kept
    expect(loads).toBe(1);
    // 100 KB answers: the bytes bind before the entries do.
    for (let i = 0; i < 100; i++) await cache.catalogCached(`big:${i}`, async () => ({ text: "x".repeat(100_000) }), { space: "search" });
    expect(cache.catalogCacheSize("search").bytes).toBeLessThanOrEqual(cache.SPACES.search.maxBytes);
    expect(cache.catalogCacheSize("search").entries).toBeLessThan(100);
    // The catalog space is its own: the searches pushed none of it out.
    expect(cache.catalogCacheSize("catalog").entries).toBeGreaterThan(0);
  });

  it("reuses a read while the catalog is unchanged, and every write moves the version", async () => {
    const { owner, restaurant, item } = await shop("Aa Cached Noodles");
    const first = await restaurants.listRestaurants(page);
    expect(await restaurants.listRestaurants(page)).toStrictEqual(first);
    expect((await restaurants.listRestaurants(page)).restaurants[0]).toBe(first.restaurants[0]); // the same object: from memory

    const seen = [await cache.catalogVersion()];
    await manage.updateRestaurant(owner, restaurant.id, { name: "Aa Renamed Noodles" });
    seen.push(await cache.catalogVersion());
    await menu.updateMenuItem(owner, item.id, { priceCents: 650 });
    seen.push(await cache.catalogVersion());
    await items.toggleLike(owner.id, item.id);
    seen.push(await cache.catalogVersion());
    await menu.deleteMenuItem(owner, item.id);
    seen.push(await cache.catalogVersion());
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it("serves each write to the next read: restaurant, menu item, like, rating", async () => {
    const { owner, restaurant, item } = await shop("Ab Fresh Noodles", "Korean");
    const menuOf = { restaurantId: restaurant.id, limit: 20, offset: 0, q: undefined };
    expect(await names()).toContain("Ab Fresh Noodles");
    expect((await items.listMenuItems(menuOf))[0]!.priceCents).toBe(600);
    expect((await items.getMenuItem(item.id)).likeCount).toBe(0);
    expect((await restaurants.getRestaurant(restaurant.id)).numReviews).toBe(0);
    expect(await restaurants.activeCuisines()).toContain("Korean");

    await manage.updateRestaurant(owner, restaurant.id, { name: "Ab Renamed Noodles" });
    expect(await names()).toContain("Ab Renamed Noodles");
    await menu.updateMenuItem(owner, item.id, { priceCents: 725 });
    expect((await items.listMenuItems(menuOf))[0]!.priceCents).toBe(725);
    await items.toggleLike(owner.id, item.id);
    expect((await items.getMenuItem(item.id)).likes).toEqual([{ userId: owner.id }]);
    // A review moves the restaurant's rating columns (lib/server/reviews/reviews.ts).
    await db.restaurant.update({ where: { id: restaurant.id }, data: { ratingSum: { increment: 4 }, numReviews: { increment: 1 } } });
    expect(restaurants.ratingOf(await restaurants.getRestaurant(restaurant.id))).toBe(4);
    await manage.deactivateRestaurant(owner, restaurant.id);
    expect(await names()).not.toContain("Ab Renamed Noodles");
    expect(await restaurants.activeCuisines()).not.toContain("Korean");
  });

  it("a write ends only the reads of what it changed: a menu edit at one restaurant keeps the other's menu, its dish and the lists", async () => {
    const a = await shop("Ae Kept Noodles");
    const b = await shop("Af Edited Noodles");
    const menuOf = (restaurantId: number) => ({ restaurantId, limit: 20, offset: 0, q: undefined });
    const kept = { menu: await items.listMenuItems(menuOf(a.restaurant.id)), dish: await items.getMenuItem(a.item.id), list: await restaurants.listRestaurants(page) };
    const other = await items.listMenuItems(menuOf(b.restaurant.id));

    await menu.updateMenuItem(b.owner, b.item.id, { priceCents: 990 });
    // The same objects: read from memory, not loaded again.
    expect(await items.listMenuItems(menuOf(a.restaurant.id))).toBe(kept.menu);
    expect(await items.getMenuItem(a.item.id)).toBe(kept.dish);
    expect((await restaurants.listRestaurants(page)).restaurants[0]).toBe(kept.list.restaurants[0]);
    const edited = await items.listMenuItems(menuOf(b.restaurant.id));
    expect(edited).not.toBe(other);
    expect(edited[0]!.priceCents).toBe(990);

    // A's row (busy, paused, renamed) ends its menu and its dish (they carry the restaurant) and the lists.
    await manage.updateRestaurant(a.owner, a.restaurant.id, { name: "Ae Renamed Noodles" });
    expect((await items.getMenuItem(a.item.id)).restaurant.name).toBe("Ae Renamed Noodles");
    expect(await items.listMenuItems(menuOf(a.restaurant.id))).not.toBe(kept.menu);
    expect(await names()).toContain("Ae Renamed Noodles");
  });

  it("sees a write made through another connection (another process or instance)", async () => {
    const { restaurant, item } = await shop("Ac Elsewhere Noodles");
    expect(await names()).toContain("Ac Elsewhere Noodles");
    expect((await items.getMenuItem(item.id)).name).toBe("Dumplings");

    await other.restaurant.update({ where: { id: restaurant.id }, data: { name: "Ac Changed Elsewhere" } });
    await other.$executeRaw`UPDATE "MenuItem" SET "name" = 'Steamed Dumplings' WHERE "id" = ${item.id}`;
    expect(await names()).toContain("Ac Changed Elsewhere");
    expect((await items.getMenuItem(item.id)).name).toBe("Steamed Dumplings");
  });

  it("a read that began before a write is not kept", async () => {
    const { owner, restaurant } = await shop("Ad Racing Noodles");
    const key = `race:${restaurant.id}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The slow read loads the old name, then a write lands before it finishes.
    const slow = cache.catalogCached(key, async () => {
      const row = await db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } });
      await gate;
      return row.name;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await manage.updateRestaurant(owner, restaurant.id, { name: "Ad Raced Noodles" });
    release();
    expect(await slow).toBe("Ad Racing Noodles");
    const fresh = () => db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } }).then((row) => row.name);
    expect(await cache.catalogCached(key, fresh)).toBe("Ad Raced Noodles");
  });
});

describe("a value that depends on the clock", () => {
  it("is kept until its freshUntil instant, then loaded again; a failed load is not kept", async () => {
    let loads = 0;
    const load = async () => ({ load: ++loads });
    const later = () => cache.catalogCached("clock-later", load, { freshUntil: () => Date.now() + 60_000 });
    expect(await later()).toEqual({ load: 1 });
    expect(await later()).toEqual({ load: 1 });
    // Already stale when it arrives (a restaurant that opened a moment ago): every read loads it.
    const passed = () => cache.catalogCached("clock-passed", load, { freshUntil: () => Date.now() - 1 });
    expect(await passed()).toEqual({ load: 2 });
    expect(await passed()).toEqual({ load: 3 });
    // null: only the catalog's version decides.
    const never = () => cache.catalogCached("clock-never", load, { freshUntil: () => null });
    expect(await never()).toEqual({ load: 4 });
    expect(await never()).toEqual({ load: 4 });
    await expect(cache.catalogCached("failing", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.catalogCached("failing", async () => "now it works")).toBe("now it works");
  });
});
