import { expect, test } from "../fixtures";
import { RESTAURANT_SAID } from "@/lib/contract/restaurants/rules";
import { signUpCustomer, type Client } from "../support/api";
import { createRestaurant, restaurantBody } from "../support/owner";
import { englishTable } from "@/lib/contract/testing/in-english";

// The rules' messages as the API answers them in English.
const M = englishTable(RESTAURANT_SAID);

const me = async (client: Client) => (await client.get("/api/auth/")).json();
const searchIds = async (client: Client, name: string) =>
  ((await (await client.get(`/api/restaurants/?q=${encodeURIComponent(name)}`)).json()).restaurants as { id: number }[]).map((r) => r.id);

test.describe("POST /api/restaurants/", () => {
  test("creates the restaurant and makes the caller an owner", async ({ customer: { client, user } }) => {
    expect((await me(client)).restaurantOwner).toBe(false);
    const response = await client.post("/api/restaurants/", restaurantBody({ name: "Zz Harbor Grill" }));
    expect(response.status()).toBe(201);
    const { restaurant } = await response.json();
    expect(restaurant).toMatchObject({
      ownerId: user.id,
      name: "Zz Harbor Grill",
      cuisineType: "American",
      priceLevel: "MODERATE",
      deliveryFee: 2.5,
      deliveryTime: 30,
      closingTime: "22:00",
      servicing: true,
      rating: null,
      numReviews: 0,
    });
    expect((await me(client)).restaurantOwner).toBe(true);
    expect((await (await client.get("/api/manage/")).json()).restaurants.map((r: { id: number }) => r.id)).toEqual([restaurant.id]);
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant).toEqual(restaurant);
  });

  test("ignores owner, active flag and rating sent in the body", async ({ customer: { client, user } }) => {
    const restaurant = await createRestaurant(client, { ownerId: 1, owner_id: 1, servicing: false, ratingSum: 50, numReviews: 10, rating: 5 });
    expect(restaurant).toMatchObject({ ownerId: user.id, servicing: true, rating: null, numReviews: 0 });
  });

  test("a refused restaurant leaves the caller a customer with nothing created", async ({ customer: { client } }) => {
    const response = await client.post("/api/restaurants/", restaurantBody({ zip: "123" }));
    expect(response.status()).toBe(400);
    expect((await me(client)).restaurantOwner).toBe(false);
    expect(await (await client.get("/api/manage/")).json()).toEqual({ restaurants: [], hasMore: false, nextOffset: null });
  });

  test("guests cannot add a restaurant (403)", async ({ api: client }) => {
    expect((await client.post("/api/auth/guest")).status()).toBe(201);
    expect((await client.post("/api/restaurants/", restaurantBody())).status()).toBe(403);
    expect((await me(client)).restaurantOwner).toBe(false);
  });

  const rules: [string, unknown[], string, string][] = [
    ["name", ["A", "x".repeat(51)], "name", M.nameLength],
    ["name", ["", "   "], "name", M.nameRequired],
    ["description", ["Too short", "x".repeat(501)], "description", M.descriptionLength],
    ["address", ["Market Street", "Pier 39"], "address", M.addressNumber],
    ["address", ["1 Ma"], "address", M.addressLength],
    ["city", ["Boston 2", "St. Louis"], "city", M.city],
    ["state", ["ca", "Cal", "C"], "state", M.state],
    ["zip", ["1234", "123456", "9410a"], "zip", M.zip],
    ["delivery_fee", [-0.01], "deliveryFee", M.feeNegative],
    ["delivery_fee", ["2.50", "free", true], "deliveryFee", M.feeNumber],
    ["delivery_fee", [null], "deliveryFee", M.feeRequired],
    ["delivery_fee", [1.234], "deliveryFee", M.feeDecimals],
    ["delivery_time", [0, 181, 12.5], "deliveryTime", M.time],
    ["business_hours", ["All day"], "businessHours", M.hours],
    ["store_image", ["not a url", "ftp://example.com/a.jpg", "/etc/passwd"], "storeImage", M.image],
    ["cuisine_type", ["Martian", ""], "cuisineType", M.cuisine],
    ["price_level", ["CHEAP", "$$"], "priceLevel", M.priceLevel],
    ["closing_time", ["24:00", "9pm"], "closingTime", M.closingTime],
  ];
  for (const [field, values, key, message] of rules) {
    test(`${field}: ${message}`, async ({ customer: { client } }) => {
      for (const value of values) {
        const response = await client.post("/api/restaurants/", restaurantBody({ [field]: value }));
        expect(response.status(), `${field}=${JSON.stringify(value)}`).toBe(400);
        const body = await response.json();
        expect(body.errors[key], `${field}=${JSON.stringify(value)}`).toBe(message);
        expect(typeof body.message).toBe("string");
      }
      expect(await (await client.get("/api/manage/")).json()).toEqual({ restaurants: [], hasMore: false, nextOffset: null });
    });
  }

  test("a missing required field is named", async ({ customer: { client } }) => {
    const { business_hours: _hours, delivery_fee: _fee, ...body } = restaurantBody();
    const response = await client.post("/api/restaurants/", body);
    expect((await response.json()).errors).toMatchObject({ businessHours: M.hoursRequired, deliveryFee: M.feeRequired });
  });
});

test.describe("/api/manage/ owner calls", () => {
  test("GET lists only the caller's restaurants, active or not; a customer gets an empty list", async ({ baseURL, owner }) => {
    const second = await createRestaurant(owner.client);
    await owner.client.del(`/api/manage/${second.id}?type=soft`);
    const { restaurants } = await (await owner.client.get("/api/manage/")).json();
    expect(restaurants.map((r: { id: number; servicing: boolean }) => [r.id, r.servicing])).toEqual([
      [second.id, false],
      [owner.restaurant.id, true],
    ]);
    const { client } = await signUpCustomer(baseURL!);
    expect(await (await client.get("/api/manage/")).json()).toEqual({ restaurants: [], hasMore: false, nextOffset: null });
  });

  test("PUT updates the fields sent by the same rules and ignores owner and active flag", async ({ owner: { client, user, restaurant } }) => {
    const response = await client.put(`/api/manage/${restaurant.id}`, { name: "Zz Renamed Grill", delivery_fee: 0, ownerId: 1, servicing: false });
    expect(response.status()).toBe(200);
    expect((await response.json()).restaurant).toMatchObject({ name: "Zz Renamed Grill", deliveryFee: 0, ownerId: user.id, servicing: true, city: restaurant.city });
    const bad = await client.put(`/api/manage/${restaurant.id}`, { state: "california", name: "Zz Never" });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toEqual({ state: M.state });
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.name).toBe("Zz Renamed Grill");
  });

  test("DELETE needs ?type=soft or hard", async ({ owner: { client, restaurant } }) => {
    for (const query of ["", "?type=", "?type=purge"]) {
      const response = await client.del(`/api/manage/${restaurant.id}${query}`);
      expect(response.status(), query).toBe(400);
      expect((await response.json()).errors).toHaveProperty("type");
    }
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.servicing).toBe(true);
  });

  test("soft delete stops new orders and hides the restaurant; reactivate brings it back", async ({
    owner: { client: owner, restaurant, item },
    customer: { client: customer },
  }) => {
    const order = { restaurant_id: restaurant.id, items: [{ menu_item_id: item.id, quantity: 1 }] };
    expect(await searchIds(customer, restaurant.name)).toEqual([restaurant.id]);

    const soft = await owner.del(`/api/manage/${restaurant.id}?type=soft`);
    expect(soft.status()).toBe(200);
    expect((await soft.json()).restaurant.servicing).toBe(false);
    expect((await customer.post("/api/orders/", order)).status()).toBe(409);
    expect(await searchIds(customer, restaurant.name)).toEqual([]);
    expect((await (await owner.get(`/api/manage/${restaurant.id}/menu`)).json()).menu_items).toHaveLength(1);

    const back = await owner.put(`/api/manage/${restaurant.id}/reactivate`);
    expect(back.status()).toBe(200);
    expect(await back.json()).toMatchObject({ message: "Restaurant successfully reactivated!", restaurant: { id: restaurant.id, servicing: true } });
    expect(await searchIds(customer, restaurant.name)).toEqual([restaurant.id]);
    expect((await customer.post("/api/orders/", order)).status()).toBe(201);
  });
});
