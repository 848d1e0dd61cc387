import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDatabase } from "@/prisma/seed";
import { searchQuerySchema } from "@/lib/contract/search/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Search on the real database, SQLite here and PostgreSQL under `npm run test:postgres`
// (TEST_DATABASE_URL): the demo seed and a fixed list of queries with what must come first.

const test = setUpTestDatabase();
let search: typeof import("./index").search;
let searches: typeof import("./index").searches;
let listRestaurants: typeof import("../restaurants/restaurants").listRestaurants;
let listMenuItems: typeof import("../menu/menu-items").listMenuItems;

beforeAll(async () => {
  await seedDatabase(test.db, { passwordHash: "not-a-real-hash" });
  ({ search, searches } = await import("./index"));
  ({ listRestaurants } = await import("../restaurants/restaurants"));
  ({ listMenuItems } = await import("../menu/menu-items"));
}, 120_000);

const run = (params: Record<string, string>) => search(searchQuerySchema.parse(params));

describe("what a query must rank first", () => {
  it.each([
    ["piza", /pizza/i, "pizza"],
    ["sushy", /sushi/i, "sushi"],
    ["lasanga", /lasagna/i, "lasagna"],
    ["chiken", /chicken/i, "chicken"],
    ["creme brulee", /^Crème Brûlée$/, null],
    ["CRÈME", /^Crème Brûlée$/, null],
    ["rami", /^Tiramisu$/, null],
    ["bur", /burger|burrito/i, null],
    ["Lasagna", /lasagna/i, null],
  ])("%s -> %s", async (q, first, suggestion) => {
    const result = await run({ q, type: "dishes" });
    expect(result.dishes[0]?.name, JSON.stringify(result.dishes.slice(0, 3).map((d) => d.name))).toMatch(first);
    expect(result.suggestion).toBe(suggestion);
    expect(result.total.dishes).toBeGreaterThanOrEqual(result.dishes.length);
  });

  it("a restaurant's name ranks above a description that mentions the word", async () => {
    const result = await run({ q: "burgers", type: "restaurants" });
    expect(result.restaurants[0]?.name).toMatch(/burgers/i);
  });

  it.each(["zzqxv", "qqqqqqqq", "xyzzy plugh", '"*-NEAR%_\\', "🍕🍕🍕", 'a"b'])("%s finds nothing and suggests nothing", async (q) => {
    const result = await run({ q });
    expect(result.restaurants).toEqual([]);
    expect(result.dishes).toEqual([]);
    expect(result.total).toEqual({ restaurants: 0, dishes: 0 });
    expect(result.suggestion).toBeNull();
  });

  it("two characters match the beginning of names", async () => {
    const result = await run({ q: "bu", limit: "5" });
    expect(result.dishes.length).toBeGreaterThan(0);
    for (const dish of result.dishes) expect(dish.name).toMatch(/^bu/i);
  });

  it("% and _ are text, not wildcards", async () => {
    expect((await run({ q: "%%%" })).total).toEqual({ restaurants: 0, dishes: 0 });
    expect((await run({ q: "___" })).total).toEqual({ restaurants: 0, dishes: 0 });
  });
});

describe("deactivated restaurants", () => {
  it("are found, flagged, and rank below those taking orders", async () => {
    const pizzeria = await test.db.restaurant.findFirstOrThrow({ where: { cuisineType: "Pizza", servicing: true }, orderBy: { id: "asc" } });
    await test.db.restaurant.update({ where: { id: pizzeria.id }, data: { servicing: false } });
    try {
      const result = await run({ q: "pizza", limit: "50" });
      const flagged = result.restaurants.find((r) => r.id === pizzeria.id);
      expect(flagged?.takingOrders).toBe(false);
      const dish = result.dishes.find((d) => d.restaurantId === pizzeria.id);
      expect(dish?.restaurant.takingOrders).toBe(false);
      const nameMatches = result.dishes.filter((d) => /pizza/i.test(d.name));
      const firstClosed = nameMatches.findIndex((d) => !d.restaurant.takingOrders);
      expect(nameMatches.slice(firstClosed).every((d) => !d.restaurant.takingOrders)).toBe(true);
    } finally {
      await test.db.restaurant.update({ where: { id: pizzeria.id }, data: { servicing: true } });
    }
  });
});

describe("filters, facets and pages", () => {
  it("facets count restaurants per cuisine ignoring the cuisine filter; total follows the filter", async () => {
    const all = await run({ q: "chicken", type: "restaurants" });
    const italianOnly = await run({ q: "chicken", type: "restaurants", cuisine: "Italian,Pizza" });
    expect(italianOnly.facets).toEqual(all.facets);
    expect(italianOnly.total.restaurants).toBe((all.facets.cuisine.Italian ?? 0) + (all.facets.cuisine.Pizza ?? 0));
    for (const r of italianOnly.restaurants) expect(["Italian", "Pizza"]).toContain(r.cuisineType);
  });

  it("every filter holds on every result", async () => {
    const result = await run({ minRating: "4", maxDeliveryMinutes: "40", priceLevel: "INEXPENSIVE,MODERATE", maxDishPrice: "15", limit: "50" });
    for (const r of result.restaurants) {
      expect(r.rating).toBeGreaterThanOrEqual(4);
      expect(r.deliveryTime).toBeLessThanOrEqual(40);
      expect(["INEXPENSIVE", "MODERATE"]).toContain(r.priceLevel);
    }
    for (const d of result.dishes) expect(d.price).toBeLessThanOrEqual(15);
  });

  it("pages do not overlap and the totals hold", async () => {
    const first = await run({ q: "chicken", type: "dishes", limit: "5" });
    const second = await run({ q: "chicken", type: "dishes", limit: "5", offset: "5" });
    expect(first.dishes).toHaveLength(5);
    expect(second.total.dishes).toBe(first.total.dishes);
    expect(second.dishes.map((d) => d.id).filter((id) => first.dishes.some((d) => d.id === id))).toEqual([]);
    // The unfiltered total is the text index's own count: the same as counting the rows.
    const counted = await run({ q: "chicken", type: "dishes", limit: "5", maxDeliveryMinutes: "1440" });
    expect(counted.total.dishes).toBe(first.total.dishes);
    const past = await run({ q: "chicken", type: "dishes", offset: "1000" });
    expect(past.dishes).toEqual([]);
    expect(past.total.dishes).toBe(first.total.dishes);
  });

  it("sorts by price and by delivery time", async () => {
    const byPrice = await run({ q: "chicken", type: "dishes", sort: "price", limit: "50" });
    const open = byPrice.dishes.filter((d) => d.restaurant.takingOrders).map((d) => d.price);
    expect(open).toEqual([...open].sort((a, b) => a - b));
    const byTime = await run({ type: "restaurants", sort: "delivery_time", limit: "50" });
    const times = byTime.restaurants.filter((r) => r.takingOrders).map((r) => r.deliveryTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("kept exact by the database", () => {
  it("a new, renamed or deleted dish is found as it is now", async () => {
    const restaurant = await test.db.restaurant.findFirstOrThrow({ where: { servicing: true } });
    // Asked once before the dish exists: that empty answer is cached, and must not be served again.
    expect((await run({ q: "quokka" })).dishes).toEqual([]);
    const dish = await test.db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Quokka Dumplings", description: "Steamed.", priceCents: 900, foodImage: "/x.webp", foodType: "entree" },
    });
    expect((await run({ q: "quokka" })).dishes.map((d) => d.id)).toEqual([dish.id]);
    await test.db.like.createMany({ data: [3, 4].map((userId) => ({ userId, menuItemId: dish.id })) });
    const [liked] = (await run({ q: "quokka" })).dishes;
    expect(liked).toMatchObject({ restaurantId: restaurant.id, restaurant: { id: restaurant.id, name: restaurant.name, takingOrders: true } });
    expect(liked!.likes.sort()).toEqual([3, 4]);
    await test.db.menuItem.update({ where: { id: dish.id }, data: { name: "Wombat Dumplings" } });
    expect((await run({ q: "quokka" })).dishes).toEqual([]);
    expect((await run({ q: "wombat" })).dishes.map((d) => d.id)).toEqual([dish.id]);
    await test.db.menuItem.delete({ where: { id: dish.id } });
    expect((await run({ q: "wombat" })).dishes).toEqual([]);
  });
});

describe("q on /api/restaurants and /api/menu-items matches the same way", () => {
  it("accents and substrings", async () => {
    const items = await listMenuItems({ q: "creme brulee", limit: 20, offset: 0 });
    expect(items.map((i) => i.name)).toContain("Crème Brûlée");
    const restaurants = await listRestaurants({ q: "burg", limit: 20, offset: 0 });
    expect(restaurants.restaurants.some((r) => /burger/i.test(r.name))).toBe(true);
  });
});

describe("bounded", () => {
  it("a search the cache cannot answer waits for a turn; past the queue it is a 503, and a cached answer still comes", async () => {
    const cached = await run({ q: "pizza" });
    const { searchConcurrency, searchQueue } = (await import("../platform/config")).config();
    // Every turn taken and every place in the queue filled, as a burst of slow searches would.
    const held = await Promise.all(Array.from({ length: searchConcurrency }, () => searches.acquire()));
    const queued = Array.from({ length: searchQueue }, () => searches.acquire());
    expect(searches.load).toEqual({ running: searchConcurrency, waiting: searchQueue });
    try {
      await expect(run({ q: "lasagna" })).rejects.toMatchObject({
        status: 503,
        message: "The service is busy. Please try again in a moment.",
        headers: { "Retry-After": "1" },
      });
      expect(await run({ q: "pizza" })).toEqual(cached);
    } finally {
      for (const release of held) release();
      for (const turn of queued) (await turn)();
    }
    expect(searches.load).toEqual({ running: 0, waiting: 0 });
    expect((await run({ q: "lasagna" })).dishes[0]?.name).toMatch(/lasagna/i);
  });
});

describe("open now", () => {
  // At a weekday lunchtime in the marketplace's zone, when the demo kitchens serve: by the real
  // clock, late in the evening every other restaurant matching "pizza" may be closed too.
  afterEach(() => vi.useRealTimers());

  it("open=true keeps the restaurants open at the time of the search and only their dishes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T20:00:00Z"));
    const pizzeria = await test.db.restaurant.findFirstOrThrow({ where: { cuisineType: "Pizza", servicing: true }, orderBy: { id: "asc" } });
    const before = { hours: pizzeria.hours, closures: pizzeria.closures };
    const closedAllWeek = JSON.stringify(Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, []])));
    const all = await run({ q: "pizza", limit: "50" });
    expect(all.restaurants.some((r) => r.id === pizzeria.id)).toBe(true);
    await test.db.restaurant.update({ where: { id: pizzeria.id }, data: { hours: closedAllWeek } });
    try {
      const open = await run({ q: "pizza", open: "true", limit: "50" });
      expect(open.restaurants.length).toBeGreaterThan(0);
      expect(open.restaurants.every((r) => r.openNow)).toBe(true);
      expect(open.restaurants.some((r) => r.id === pizzeria.id)).toBe(false);
      expect(open.dishes.some((d) => d.restaurantId === pizzeria.id)).toBe(false);
      expect(open.total.restaurants).toBe(Object.values(open.facets.cuisine).reduce((sum, n) => sum + n, 0));
      // Without the filter it is still found, and says it is closed.
      const closed = (await run({ q: "pizza", limit: "50" })).restaurants.find((r) => r.id === pizzeria.id);
      expect(closed?.openNow).toBe(false);
    } finally {
      await test.db.restaurant.update({ where: { id: pizzeria.id }, data: before });
    }
    expect((await run({ q: "pizza", open: "true", limit: "50" })).restaurants.some((r) => r.id === pizzeria.id)).toBe(true);
  });
});

describe("prefix ranges", () => {
  it("end after every string with the prefix, and have no end after the last code point", async () => {
    const { prefixEnd } = await import("../platform/queries/match");
    expect(prefixEnd("bur")).toBe("bus");
    expect(prefixEnd("a\u{10FFFF}")).toBe("b");
    expect(prefixEnd("\u{10FFFF}\u{10FFFF}")).toBeNull();
    expect(prefixEnd("\uD7FF")).toBe("\uE000");
    for (const q of ["\u{10FFFF}", "a\u{10FFFF}\u{10FFFF}"]) await expect(run({ q })).resolves.toMatchObject({ dishes: [] });
  });
});

describe("diet labels and allergens", () => {
  /** Every dish of a restaurant not suspended, as the JSON names its labels and allergens. */
  async function catalog() {
    const { ALLERGENS, DIET_CODES, fromMask } = await import("@/lib/shared/menu/allergens");
    const rows = await test.db.menuItem.findMany({ where: { restaurant: { suspendedAt: null } }, select: { id: true, dietLabels: true, allergens: true } });
    return rows.map((row) => ({ id: row.id, diet: fromMask(DIET_CODES, row.dietLabels) as string[], allergens: fromMask(ALLERGENS, row.allergens) as string[] }));
  }

  it("diet=vegan finds only vegan dishes, all of them, and restaurants with one", async () => {
    const dishes = await catalog();
    const vegan = dishes.filter((d) => d.diet.includes("vegan"));
    expect(vegan.length).toBeGreaterThan(5);
    const result = await run({ diet: "vegan", type: "all", limit: "50" });
    expect(result.total.dishes).toBe(vegan.length);
    for (const dish of result.dishes) expect(dish.dietLabels).toContain("vegan");
    for (const r of result.restaurants) {
      const menu = await test.db.menuItem.findMany({ where: { restaurantId: r.id }, select: { id: true } });
      expect(menu.some((m) => vegan.some((d) => d.id === m.id))).toBe(true);
    }
  });

  it("allergenFree leaves out every dish containing one; with text too", async () => {
    const result = await run({ q: "chicken", type: "dishes", allergenFree: "peanuts,milk", limit: "50" });
    const all = await run({ q: "chicken", type: "dishes", limit: "50" });
    expect(result.total.dishes).toBeLessThan(all.total.dishes);
    expect(result.total.dishes).toBe(all.dishes.filter((d) => !d.allergens.includes("peanuts") && !d.allergens.includes("milk")).length);
    for (const dish of result.dishes) expect(dish.allergens.filter((a) => a === "peanuts" || a === "milk")).toEqual([]);
  });

  it("facets count dishes per label and per allergen they are free of, each ignoring its own filter", async () => {
    const dishes = await catalog();
    const plain = await run({ type: "dishes" });
    expect(plain.facets.diet.vegan).toBe(dishes.filter((d) => d.diet.includes("vegan")).length);
    expect(plain.facets.allergenFree.peanuts).toBe(dishes.filter((d) => !d.allergens.includes("peanuts")).length);
    const veganOnly = await run({ type: "dishes", diet: "vegan" });
    expect(veganOnly.facets.diet).toEqual(plain.facets.diet);
    expect(veganOnly.facets.allergenFree.gluten).toBe(dishes.filter((d) => d.diet.includes("vegan") && !d.allergens.includes("gluten")).length);
    expect(veganOnly.facets.cuisine).toEqual((await run({ type: "all", diet: "vegan" })).facets.cuisine);
    expect((await run({ type: "restaurants" })).facets).toMatchObject({ diet: {}, allergenFree: {} });
  });

  it("an owner's new labels are searched at once; bad values are a 400 naming the field", async () => {
    const { updateMenuItem } = await import("../menu/owner-menu");
    const { menuItemUpdateSchema } = await import("@/lib/contract/menu/rules");
    const dish = await test.db.menuItem.findFirstOrThrow({ where: { name: "Classic Burger" }, include: { restaurant: true } });
    const owner = { id: dish.restaurant.ownerId, guestAccount: false };
    const before = await run({ q: "Classic Burger", type: "dishes", diet: "halal" });
    expect(before.dishes.map((d) => d.id)).not.toContain(dish.id);
    const updated = await updateMenuItem(owner, dish.id, menuItemUpdateSchema.parse({ dietLabels: ["halal"], mayContain: ["sesame"], mayContainNote: "Shared fryer" }));
    expect(updated.dietLabels).toBe(8);
    const after = await run({ q: "Classic Burger", type: "dishes", diet: "halal" });
    expect(after.dishes.find((d) => d.id === dish.id)).toMatchObject({ dietLabels: ["halal"], mayContain: ["sesame"], mayContainNote: "Shared fryer" });
    for (const [field, value] of [
      ["diet", "paleo"],
      ["allergenFree", "peanuts,shellfish"],
    ]) {
      const parsed = searchQuerySchema.safeParse({ [field]: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([field]);
    }
    expect(menuItemUpdateSchema.safeParse({ allergens: ["peanuts", "peanuts"] }).error?.issues[0]?.path).toEqual(["allergens"]);
  });

  it("a restaurant's menu (GET /api/menu-items?restaurantId=) filters by diet and allergens too", async () => {
    const { menuItemQuerySchema } = await import("@/lib/contract/restaurants/browse-rules");
    const thai = await test.db.restaurant.findFirstOrThrow({ where: { name: "Lemongrass Thai Kitchen" } });
    const list = (params: Record<string, string>) => listMenuItems(menuItemQuerySchema.parse({ restaurantId: String(thai.id), ...params }));
    const all = await list({});
    const noPeanuts = await list({ allergenFree: "peanuts" });
    expect(all.map((d) => d.name)).toContain("Sweet Chili Chicken");
    expect(noPeanuts.map((d) => d.name)).not.toContain("Sweet Chili Chicken");
    expect(noPeanuts).toHaveLength(all.length - 1);
    const glutenFreeRice = await list({ diet: "gluten-free,vegetarian", q: "rice" });
    expect(glutenFreeRice.map((d) => d.name).sort()).toEqual(["Coconut Rice Pudding", "Khao Pad Fried Rice"]);
    expect(menuItemQuerySchema.safeParse({ diet: "keto" }).error?.issues[0]?.path).toEqual(["diet"]);
  });
});
