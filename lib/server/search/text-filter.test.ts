import { beforeAll, expect, it } from "vitest";
import { menuItemQuerySchema, restaurantQuerySchema } from "@/lib/contract/restaurants/browse-rules";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// Search ignores case on both databases (SQLite's LIKE does by itself, PostgreSQL needs
// ILIKE) and takes `%`, `_` and `\` literally: the same query finds the same
// rows whichever database runs it (`npm run test:postgres` runs this file on PostgreSQL).

const test = setUpTestDatabase();
const restaurants = await import("../restaurants/restaurants");
const menuItems = await import("../menu/menu-items");

beforeAll(async () => {
  const owner = await test.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  await test.db.restaurant.create({
    data: restaurantRow(owner.id, {
      name: "Lantern Noodle House",
      description: "Broths",
      cuisineType: "Chinese",
      menuItems: { create: [{ name: "Dan Dan Noodles", description: "Sesame and Chili", priceCents: 1200, foodImage: "/d.webp", foodType: "entree" }] },
    }),
  });
  const restaurant = (name: string, dishes: { name: string; description: string }[]) =>
    test.db.restaurant.create({
      data: restaurantRow(owner.id, {
        name,
        description: "Juices",
        cuisineType: "Vegan",
        menuItems: { create: dishes.map((dish) => ({ ...dish, priceCents: 500, foodImage: "/j.webp", foodType: "beverage" })) },
      }),
    });
  await restaurant("100% Juice Bar", [
    { name: "Pure_Orange", description: "100% orange" },
    { name: "PureXOrange", description: "100 oranges" },
  ]);
  await restaurant("100 Juice Stop", [{ name: "Carrot Shot", description: "100 carrots" }]);
  await restaurant("Back\\Slash Cafe", [{ name: "Back\\Slash Tea", description: "Tea" }]);
});

it.each(["lantern", "LANTERN", "lAnTeRn", "chinese", "dan dan"])("restaurants matching %j ignore case", async (q) => {
  const { restaurants: found } = await restaurants.listRestaurants(restaurantQuerySchema.parse({ q }));
  expect(found.map((r) => r.name)).toEqual(["Lantern Noodle House"]);
});

it.each(["NOODLES", "sesame and chili", "CHILI"])("menu items matching %j ignore case", async (q) => {
  const found = await menuItems.listMenuItems(menuItemQuerySchema.parse({ q }));
  expect(found.map((i) => i.name)).toEqual(["Dan Dan Noodles"]);
});

const restaurantNames = async (q: string) => (await restaurants.listRestaurants(restaurantQuerySchema.parse({ q }))).restaurants.map((r) => r.name);
const itemNames = async (q: string, restaurantId?: number) =>
  (await menuItems.listMenuItems(menuItemQuerySchema.parse({ q, ...(restaurantId ? { restaurantId: String(restaurantId) } : {}) }))).map((i) => i.name);

it("'%' in q matches a percent sign, not everything", async () => {
  expect(await restaurantNames("100%")).toEqual(["100% Juice Bar"]);
  expect(await restaurantNames("%")).toEqual(["100% Juice Bar"]);
  expect(await itemNames("100%")).toEqual(["Pure_Orange"]);
});

it("'_' in q matches an underscore, not any one character", async () => {
  expect(await restaurantNames("_")).toEqual(["100% Juice Bar"]);
  expect(await itemNames("Pure_")).toEqual(["Pure_Orange"]);
  expect(await itemNames("_")).toEqual(["Pure_Orange"]);
});

it("the escape character itself matches literally", async () => {
  expect(await restaurantNames("k\\S")).toEqual(["Back\\Slash Cafe"]);
  expect(await itemNames("\\")).toEqual(["Back\\Slash Tea"]);
  expect(await itemNames("k\\s")).toEqual(["Back\\Slash Tea"]);
});

it("a restaurant's own menu searches literally too", async () => {
  const [juiceBar] = (await restaurants.listRestaurants(restaurantQuerySchema.parse({ q: "100% Juice" }))).restaurants;
  expect(await itemNames("100%", juiceBar!.id)).toEqual(["Pure_Orange"]);
  expect(await itemNames("e_o", juiceBar!.id)).toEqual(["Pure_Orange"]);
  expect(await itemNames("%", juiceBar!.id)).toEqual(["Pure_Orange"]);
  expect(await itemNames("x_x", juiceBar!.id)).toEqual([]);
});
