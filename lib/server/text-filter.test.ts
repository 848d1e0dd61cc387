import { afterAll, beforeAll, expect, it } from "vitest";
import { menuItemQuerySchema, restaurantQuerySchema } from "@/lib/validation/browse";
import { createTestDatabase } from "./test-db";

// Search ignores case on both databases (SQLite's LIKE does by itself, PostgreSQL needs
// ILIKE): the same query finds the same rows whichever database runs it.

const test = createTestDatabase();
process.env.DATABASE_URL = test.url;
process.env.DATA_DIR = test.dir;

let restaurants: typeof import("./restaurants");
let menuItems: typeof import("./menu-items");

beforeAll(async () => {
  restaurants = await import("./restaurants");
  menuItems = await import("./menu-items");
  const owner = await test.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  await test.db.restaurant.create({
    data: {
      ownerId: owner.id, name: "Lantern Noodle House", description: "Broths", address: "1 A St", city: "Springfield",
      state: "OR", zip: "97477", cuisineType: "Chinese", priceLevel: "MODERATE", deliveryFeeCents: 0, deliveryTime: 20,
      businessHours: "11:00-21:00", storeImage: "/x.webp",
      menuItems: { create: [{ name: "Dan Dan Noodles", description: "Sesame and Chili", priceCents: 1200, foodImage: "/d.webp", foodType: "entree" }] },
    },
  });
});
afterAll(() => test.cleanup());

it.each(["lantern", "LANTERN", "lAnTeRn", "chinese", "dan dan"])("restaurants matching %j ignore case", async (q) => {
  const { restaurants: found } = await restaurants.listRestaurants(restaurantQuerySchema.parse({ q }));
  expect(found.map((r) => r.name)).toEqual(["Lantern Noodle House"]);
});

it.each(["NOODLES", "sesame and chili", "CHILI"])("menu items matching %j ignore case", async (q) => {
  const found = await menuItems.listMenuItems(menuItemQuerySchema.parse({ q }));
  expect(found.map((i) => i.name)).toEqual(["Dan Dan Noodles"]);
});
