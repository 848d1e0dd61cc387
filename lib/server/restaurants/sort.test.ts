import { beforeAll, describe, expect, it } from "vitest";
import type { RestaurantQuery } from "@/lib/contract/restaurants/browse-rules";
import { setUpTestDatabase, restaurantInput } from "../platform/testing/db";

// The home page's sorts against a real, migrated database: the same SQL
// runs on PostgreSQL under `npm run test:postgres`.

setUpTestDatabase();
const restaurants = await import("./restaurants");
const { db } = await import("../platform/db");

beforeAll(async () => {
  const owner = await db.user.create({ data: { firstName: "Owner" } });
  const shops = [
    // name, reviews (sum / count), delivery minutes, price level, cuisine
    ["Single Star", 5, 1, 40, "VERY_EXPENSIVE", "Thai"],
    ["Steady Favourite", 96, 20, 30, "MODERATE", "Thai"],
    ["Quick Bite", 6, 2, 15, "INEXPENSIVE", "Pizza"],
    ["Brand New", 0, 0, 25, "EXPENSIVE", "Thai"],
    ["Closed Kitchen", 50, 10, 10, "INEXPENSIVE", "Thai"],
  ] as const;
  for (const [name, ratingSum, numReviews, deliveryTime, priceLevel, cuisineType] of shops) {
    const input = restaurantInput(name, cuisineType);
    await db.restaurant.create({
      data: {
        ownerId: owner.id,
        name,
        description: input.description,
        address: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
        cuisineType,
        priceLevel,
        deliveryFeeCents: 299,
        deliveryTime,
        businessHours: input.businessHours,
        storeImage: input.storeImage,
        ratingSum,
        numReviews,
        servicing: name !== "Closed Kitchen",
      },
    });
  }
});

const names = async (query: Partial<RestaurantQuery>) =>
  (await restaurants.listRestaurants({ limit: 20, offset: 0, q: undefined, ...query })).restaurants.map((r) => r.name);

describe("restaurant sorts", () => {
  it("without a sort, by name as before", async () => {
    expect(await names({})).toEqual(["Brand New", "Quick Bite", "Single Star", "Steady Favourite"]);
  });

  it("recommended: many good reviews beat one perfect one; unrated in the middle", async () => {
    expect(await names({ sort: "recommended" })).toEqual(["Steady Favourite", "Single Star", "Brand New", "Quick Bite"]);
  });

  it("rating: best mean first, the unrated last", async () => {
    expect(await names({ sort: "rating" })).toEqual(["Single Star", "Steady Favourite", "Quick Bite", "Brand New"]);
  });

  it("delivery time: fastest first; price: cheapest level first", async () => {
    expect(await names({ sort: "delivery" })).toEqual(["Quick Bite", "Brand New", "Steady Favourite", "Single Star"]);
    expect(await names({ sort: "price" })).toEqual(["Quick Bite", "Steady Favourite", "Brand New", "Single Star"]);
  });

  it("keeps the cuisine filter, the search and the paging", async () => {
    expect(await names({ sort: "rating", cuisine: "Thai" })).toEqual(["Single Star", "Steady Favourite", "Brand New"]);
    expect(await names({ sort: "delivery", q: "bite" })).toEqual(["Quick Bite"]);
    const first = await restaurants.listRestaurants({ limit: 2, offset: 0, q: undefined, sort: "rating" });
    const second = await restaurants.listRestaurants({ limit: 2, offset: 2, q: undefined, sort: "rating" });
    expect([first.hasMore, first.nextOffset, second.hasMore]).toEqual([true, 2, false]);
    expect([...first.restaurants, ...second.restaurants].map((r) => r.name)).toEqual(["Single Star", "Steady Favourite", "Quick Bite", "Brand New"]);
  });
});
