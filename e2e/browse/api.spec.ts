import { expect, test } from "../fixtures";
import { CUISINES } from "@/lib/shared/constants";
import { newClient, signUpCustomer } from "../support/api";
import { createItem } from "../support/owner";

type Restaurant = { id: number; ownerId: number; cuisineType: string; servicing: boolean; rating: number | null; numReviews: number; deliveryFee: number; name: string };
type Item = {
  id: number;
  restaurantId: number;
  restaurant_name: string;
  restaurant_owner_id: number;
  likes: number[];
  likeCount: number;
  price: number;
  food_type: string;
};

test.describe("GET /api/restaurants/", () => {
  test("pages through every active restaurant without overlap", async ({ request }) => {
    const first = await (await request.get("/api/restaurants/?limit=20")).json();
    expect(first.restaurants).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await (await request.get(`/api/restaurants/?limit=20&offset=${first.nextOffset}`)).json();
    const ids = [...first.restaurants, ...second.restaurants].map((r: Restaurant) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(24);
    for (const r of [...first.restaurants, ...second.restaurants] as Restaurant[]) expect(r.servicing).toBe(true);
  });

  test("filters by cuisine", async ({ request }) => {
    const { restaurants } = await (await request.get("/api/restaurants/?cuisine=Italian&limit=100")).json();
    expect(restaurants.length).toBeGreaterThan(0);
    for (const r of restaurants as Restaurant[]) expect(r.cuisineType).toBe("Italian");
    const fastFood = await (await request.get(`/api/restaurants/?cuisine=${encodeURIComponent("Fast Food")}`)).json();
    for (const r of fastFood.restaurants as Restaurant[]) expect(r.cuisineType).toBe("Fast Food");
  });

  test("searches names, cuisines and dishes", async ({ request }) => {
    const { restaurants } = await (await request.get("/api/restaurants/?limit=100")).json();
    const target = restaurants[3] as Restaurant;
    const byName = await (await request.get(`/api/restaurants/?q=${encodeURIComponent(target.name.slice(0, 6))}`)).json();
    expect(byName.restaurants.map((r: Restaurant) => r.id)).toContain(target.id);
    const items = (await (await request.get(`/api/menu-items?restaurantId=${target.id}`)).json()) as (Item & { name: string })[];
    const byDish = await (await request.get(`/api/restaurants/?q=${encodeURIComponent(items[0]!.name)}&limit=100`)).json();
    expect(byDish.restaurants.map((r: Restaurant) => r.id)).toContain(target.id);
    const none = await (await request.get("/api/restaurants/?q=zzzxxqqq")).json();
    expect(none).toEqual({ restaurants: [], hasMore: false, nextOffset: null });
  });

  test("rating is the mean restaurant rating of the reviews to one decimal, null without reviews", async ({ request }) => {
    const { restaurants } = await (await request.get("/api/restaurants/?limit=100")).json();
    let rated = 0;
    // Other tests write reviews meanwhile: compare each restaurant with its reviews as read
    // together, retrying until one read sees both at the same moment.
    const consistent = async (id: number) => {
      const [one, reviews] = await Promise.all([request.get(`/api/restaurants/${id}`), request.get(`/api/reviews/restaurant/${id}?limit=100`)]);
      if (one.status() === 404 || reviews.status() === 404) return "gone"; // another test's restaurant, deleted
      const { restaurant } = (await one.json()) as { restaurant: Restaurant };
      const { data } = (await reviews.json()) as { data: { restaurantRating: number }[] };
      if (restaurant.numReviews !== data.length) return "moving";
      if (!data.length) return restaurant.rating === null ? "unrated" : `rating ${restaurant.rating} without reviews`;
      const mean = data.reduce((sum, review) => sum + review.restaurantRating, 0) / data.length;
      return restaurant.rating === Math.round(mean * 10) / 10 ? "rated" : `rating ${restaurant.rating}, mean ${mean}`;
    };
    for (const r of restaurants as Restaurant[]) {
      let outcome = "moving";
      await expect.poll(async () => (outcome = await consistent(r.id)), { message: r.name }).toMatch(/^(rated|unrated|gone)$/);
      if (outcome === "rated") rated += 1;
    }
    expect(rated).toBeGreaterThan(10);
  });

  for (const [query, field] of [
    ["cuisine=Martian", "cuisine"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["offset=-1", "offset"],
    ["offset=1.5", "offset"],
    [`q=${"x".repeat(101)}`, "q"],
  ]) {
    test(`?${query.slice(0, 20)} is a 400 naming ${field}`, async ({ request }) => {
      const response = await request.get(`/api/restaurants/?${query}`);
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toHaveProperty(field);
    });
  }

  test("every cuisine name is accepted", async ({ request }) => {
    for (const cuisine of CUISINES) {
      expect((await request.get(`/api/restaurants/?cuisine=${encodeURIComponent(cuisine)}`)).status(), cuisine).toBe(200);
    }
  });
});

test.describe("GET /api/restaurants/{id} and /current", () => {
  test("answers one restaurant with the contract's fields", async ({ request }) => {
    const { restaurant } = await (await request.get("/api/restaurants/1")).json();
    expect(Object.keys(restaurant).sort()).toEqual(
      [
        "id",
        "ownerId",
        "name",
        "description",
        "address",
        "city",
        "state",
        "zip",
        // Its place and reach (docs/architecture/places.md "Places").
        "lat",
        "lng",
        "deliveryRadiusKm",
        "cuisineType",
        "deliveryFee",
        // Its own delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing"): null when none.
        "minOrder",
        "freeDeliveryOver",
        "deliveryTime",
        "businessHours",
        "closingTime",
        "servicing",
        "timeZone",
        "hours",
        "closures",
        "openNow",
        "nextChange",
        "storeImage",
        "priceLevel",
        "rating",
        "numReviews",
        // The kitchen's controls (docs/architecture/kitchen.md).
        "pausedUntil",
        "busyExtraMinutes",
        "autoAccept",
        "defaultPrepMinutes",
      ].sort(),
    );
    expect(typeof restaurant.deliveryFee).toBe("number");
  });

  test("unknown ids are 404 and junk ids 400", async ({ request }) => {
    expect((await request.get("/api/restaurants/999999")).status()).toBe(404);
    const junk = await request.get("/api/restaurants/abc");
    expect(junk.status()).toBe(400);
    expect((await junk.json()).errors).toHaveProperty("id");
    expect((await request.get("/api/restaurants/0")).status()).toBe(400);
  });

  test("/current lists the caller's own restaurants only", async ({ baseURL, api: anonymous }) => {
    expect((await anonymous.get("/api/restaurants/current")).status()).toBe(401);
    const owner = await newClient(baseURL!);
    await owner.post("/api/users/demo/1");
    const owned = (await (await owner.get("/api/restaurants/current")).json()).restaurants as Restaurant[];
    expect(owned.length).toBeGreaterThan(0);
    for (const r of owned) expect(r.ownerId).toBe(1);
    const { client } = await signUpCustomer(baseURL!);
    expect(await (await client.get("/api/restaurants/current")).json()).toEqual({ restaurants: [], hasMore: false, nextOffset: null });
  });
});

test.describe("menu items", () => {
  test("a restaurant's menu carries restaurant name, owner and likes", async ({ request }) => {
    const items = (await (await request.get("/api/menu-items?restaurantId=2")).json()) as Item[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    const { restaurant } = await (await request.get("/api/restaurants/2")).json();
    for (const item of items) {
      expect(item).toMatchObject({ restaurantId: 2, restaurant_name: restaurant.name, restaurant_owner_id: restaurant.ownerId });
      expect(item.likes).toHaveLength(item.likeCount);
    }
    expect(new Set(items.map((i) => i.food_type))).toEqual(new Set(["appetizer", "entree", "dessert", "beverage"]));
  });

  test("all items page through", async ({ request }) => {
    const first = (await (await request.get("/api/menu-items?limit=50")).json()) as Item[];
    const second = (await (await request.get("/api/menu-items?limit=50&offset=50")).json()) as Item[];
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(50);
    expect(first.map((i) => i.id)).not.toContain(second[0]!.id);
  });

  test("one item; unknown 404, junk 400", async ({ request }) => {
    const item = await (await request.get("/api/menu-items/1")).json();
    expect(item).toMatchObject({ id: 1, restaurant: { id: item.restaurantId } });
    expect((await request.get("/api/menu-items/999999")).status()).toBe(404);
    expect((await request.get("/api/menu-items/1e3")).status()).toBe(400);
    expect((await request.get("/api/menu-items?restaurantId=x")).status()).toBe(400);
  });
});

test.describe("GET /api/menu-items?ids= (the cart's check)", () => {
  test("answers the dishes that still exist with their restaurant's state; a deleted one is left out", async ({ owner: shop }) => {
    const gone = await createItem(shop.client, shop.restaurant.id, { name: "Fudge Brownie", price: 4, food_type: "dessert" });
    expect((await shop.client.del(`/api/menu-items/${gone.id}`)).status()).toBe(200);
    expect((await shop.client.del(`/api/manage/${shop.restaurant.id}?type=soft`)).status()).toBe(200);
    const response = await shop.client.get(`/api/menu-items?ids=${shop.item.id},${gone.id},${shop.item.id}`);
    expect(response.status()).toBe(200);
    const items = (await response.json()) as (Item & { restaurant: { servicing: boolean } })[];
    expect(items.map((item) => [item.id, item.restaurant.servicing])).toEqual([[shop.item.id, false]]);
  });

  for (const ids of ["", "abc", "1,,2", "0", "-1", "2147483648", Array.from({ length: 51 }, (_, i) => i + 1).join(",")]) {
    test(`?ids=${ids.slice(0, 12)} is a 400 naming ids`, async ({ request }) => {
      const response = await request.get(`/api/menu-items?ids=${ids}`);
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toHaveProperty("ids");
    });
  }
});

test.describe("favourites", () => {
  test("anonymous visitors cannot like or list favourites", async ({ api: client }) => {
    expect((await client.post("/api/menu-items/1/like")).status()).toBe(401);
    expect((await client.get("/api/favorites")).status()).toBe(401);
  });

  test("liking toggles the caller's id and count, and lists the item in their favourites only", async ({ baseURL, customer: { client, user } }) => {
    const { client: other } = await signUpCustomer(baseURL!);
    const before = (await (await client.get("/api/menu-items/5")).json()) as Item;
    const liked = (await (await client.post("/api/menu-items/5/like")).json()) as Item;
    expect(liked.likes).toContain(user.id);
    expect(liked.likeCount).toBe(before.likeCount + 1);
    expect(((await (await client.get("/api/favorites")).json()) as Item[]).map((i) => i.id)).toEqual([5]);
    expect(await (await other.get("/api/favorites")).json()).toEqual([]);
    const unliked = (await (await client.post("/api/menu-items/5/like")).json()) as Item;
    expect(unliked.likes).not.toContain(user.id);
    expect(unliked.likeCount).toBe(before.likeCount);
    expect(await (await client.get("/api/favorites")).json()).toEqual([]);
    expect((await client.post("/api/menu-items/999999/like")).status()).toBe(404);
  });

  test("twenty concurrent toggles leave count and likes consistent", async ({ customer: { client } }) => {
    await Promise.all(Array.from({ length: 20 }, () => client.post("/api/menu-items/7/like")));
    const item = (await (await client.get("/api/menu-items/7")).json()) as Item;
    expect(item.likes).toHaveLength(item.likeCount);
  });
});

test.describe("GET /api/reviews/restaurant/{id}", () => {
  test("is public, newest first, with the author's first name", async ({ request }) => {
    const { restaurants } = await (await request.get("/api/restaurants/?limit=100")).json();
    const rated = (restaurants as Restaurant[]).find((r) => r.numReviews > 0)!;
    const { data } = await (await request.get(`/api/reviews/restaurant/${rated.id}`)).json();
    expect(data.length).toBe(rated.numReviews > 20 ? 20 : rated.numReviews);
    for (const review of data) {
      expect(review).toMatchObject({ restaurantId: rated.id, firstName: expect.any(String), orderRating: expect.any(Number) });
    }
    const dates = data.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await request.get("/api/reviews/restaurant/999999")).status()).toBe(404);
  });
});
