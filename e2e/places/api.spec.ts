import { expect, test } from "../fixtures";
import { createOrder, standardWallet } from "../support/orders";
import { restaurantBody } from "../support/owner";

// Places (issue 37, docs/architecture/couriers.md "Places"): saved addresses and restaurants get
// their ZIP's place (an unknown ZIP is a 400 naming zip), the owner edits the delivery radius,
// and a delivery beyond it is a 422 naming address; pickup from there is placed.

const UNKNOWN_ZIP = "We could not find that ZIP code";
const pickupWallet = { deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" };

test.describe("places on save", () => {
  test("a profile address with an unknown ZIP is a 400 naming zip, and nothing is saved; a known one places the customer", async ({ customer: { client, user } }) => {
    const refused = await client.put(`/api/users/${user.id}`, { address: "1 Main St", city: "Nowhere", state: "CA", zip: "00000" });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: UNKNOWN_ZIP, errors: { zip: UNKNOWN_ZIP } });
    expect(await (await client.get("/api/auth/")).json()).toMatchObject({ address: null, zip: null, lat: null, lng: null });

    const saved = await client.put(`/api/users/${user.id}`, { address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" });
    expect(saved.status()).toBe(200);
    const placed = await saved.json();
    expect(placed.lat).toBeCloseTo(37.8, 1);
    expect(placed.lng).toBeCloseTo(-122.29, 1);
  });

  test("a signup whose address line has an unknown ZIP is a 400 naming zip", async ({ api: client }) => {
    const response = await client.post("/api/auth/signup", {
      name: "Nowhere Person",
      credential: `nowhere-${Date.now()}@example.com`,
      password: "correct horse",
      address: "1 Main St, Nowhere, CA, 00000",
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ zip: UNKNOWN_ZIP });
  });

  test("a restaurant is placed on create with the default 8 km radius; an unknown ZIP is a 400 naming zip", async ({ owner: { client, restaurant } }) => {
    expect(restaurant).toMatchObject({ deliveryRadiusKm: 8 });
    expect(restaurant.lat).toBeCloseTo(37.79, 1);
    const refused = await client.post("/api/restaurants/", restaurantBody({ zip: "00000" }));
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ zip: UNKNOWN_ZIP });
    const moved = await client.put(`/api/manage/${restaurant.id}`, { zip: "99999" });
    expect(moved.status()).toBe(400);
    expect((await moved.json()).errors).toEqual({ zip: UNKNOWN_ZIP });
  });
});

// Issue 51 item 13: "Use my location" asks for the ZIP nearest the browser's position.
test("the nearest ZIP to a position comes from the offline data; none near is a 404; a junk position is a 400 naming it", async ({ api: client }) => {
  const mission = await client.get("/api/search/nearest-zip?lat=37.7522&lng=-122.4183");
  expect(mission.status()).toBe(200);
  expect(await mission.json()).toMatchObject({ zip: "94110", city: "San Francisco", state: "CA" });
  const sea = await client.get("/api/search/nearest-zip?lat=30&lng=-140");
  expect(sea.status()).toBe(404);
  expect((await sea.json()).message).toBe("No ZIP code we know is near you. Type your address instead.");
  for (const [query, field] of [
    ["lat=91&lng=0", "lat"],
    ["lat=37.7&lng=abc", "lng"],
    ["lng=-122.4", "lat"],
  ] as const) {
    const refused = await client.get(`/api/search/nearest-zip?${query}`);
    expect(refused.status(), query).toBe(400);
    expect(Object.keys((await refused.json()).errors), query).toEqual([field]);
  }
});

test.describe("the delivery radius", () => {
  test("only the owner edits it, 0.5 to 50 km; the restaurant JSON shows it", async ({ owner: { client, restaurant }, customer }) => {
    const edited = await client.put(`/api/manage/${restaurant.id}`, { deliveryRadiusKm: 2.5 });
    expect(edited.status()).toBe(200);
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant).toMatchObject({ deliveryRadiusKm: 2.5 });

    const tooWide = await client.put(`/api/manage/${restaurant.id}`, { deliveryRadiusKm: 51 });
    expect(tooWide.status()).toBe(400);
    expect(Object.keys((await tooWide.json()).errors)).toEqual(["deliveryRadiusKm"]);

    const stranger = await customer.client.put(`/api/manage/${restaurant.id}`, { deliveryRadiusKm: 50 });
    expect(stranger.status()).toBe(404);
    expect((await (await client.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant).toMatchObject({ deliveryRadiusKm: 2.5 });
  });

  test("a delivery beyond the radius is a 422 naming address and charges nothing; pickup is placed; within it delivery is placed", async ({
    owner,
    customer: { client, user },
  }) => {
    const { restaurant, item } = owner;
    // The restaurant is at 94105 (SoMa); Oakland's 94607 is about 10 km across the bay.
    await client.put(`/api/users/${user.id}`, { address: "1 Main St", city: "Oakland", state: "CA", zip: "94607" });
    const before = (await (await client.get("/api/auth/")).json()).wallet;
    const order = await createOrder(client, { restaurantId: restaurant.id, itemId: item.id });
    const refused = await client.put(`/api/orders/${order.id}/submit`, standardWallet);
    expect(refused.status()).toBe(422);
    const body = await refused.json();
    expect(body.message).toMatch(/^Your address is \d+(\.\d)? km away; .+ delivers within 8 km\. Choose pickup or another address$/);
    expect(body.errors).toEqual({ address: body.message });
    expect((await (await client.get("/api/auth/")).json()).wallet).toBe(before);

    // The one-call checkout names it the same.
    const oneCall = await client.post("/api/orders/", { restaurant_id: restaurant.id, items: [{ menu_item_id: item.id, quantity: 1 }], submit: standardWallet });
    expect(oneCall.status()).toBe(422);
    expect(Object.keys((await oneCall.json()).errors)).toEqual(["address"]);

    const pickedUp = await client.put(`/api/orders/${order.id}/submit`, pickupWallet);
    expect(pickedUp.status()).toBe(200);
    expect(await pickedUp.json()).toMatchObject({ status: "Submitted", deliveryOption: "pickup" });

    await owner.client.put(`/api/manage/${restaurant.id}`, { deliveryRadiusKm: 20 });
    const again = await createOrder(client, { restaurantId: restaurant.id, itemId: item.id });
    expect((await client.put(`/api/orders/${again.id}/submit`, standardWallet)).status()).toBe(200);
  });
});
