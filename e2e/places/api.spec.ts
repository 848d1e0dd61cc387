import { expect, test } from "../fixtures";
import { createOrder, standardWallet } from "../support/orders";
import { restaurantBody } from "../support/owner";
import { signUpCustomer } from "../support/api";

// Places (docs/architecture/places.md "Places"): saved addresses and restaurants get
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

// "Use my location" asks for the ZIP nearest the browser's position.
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

// The address book (docs/architecture/places.md "Address book").
test.describe("the address book", () => {
  // The offline geocoder knows no "1 Main St" in Oakland (only its ZIP's centre): it is saved with its pin, downtown.
  const OAKLAND = { label: "Home", address: "1 Main St", city: "Oakland", state: "CA", zip: "94607", lat: 37.8044, lng: -122.2712 };
  const SOMA = { label: "Work", address: "500 Howard St", unit: "Floor 3", city: "San Francisco", state: "CA", zip: "94105", instructions: "Front desk" };

  test("the spec's one address is the book's default; the first entry is the default and only one is; another's entry is a 404 and unchanged; a guest is told 'Must login to add address'", async ({
    customer: { client, user },
    api: stranger,
    guest,
  }) => {
    // PUT /api/users/{id} (the spec's address) makes and follows the default entry.
    await client.put(`/api/users/${user.id}`, { address: "9 Elm St", city: "Oakland", state: "CA", zip: "94607" });
    const book = await (await client.get("/api/addresses")).json();
    expect(book.addresses).toMatchObject([{ label: "Home", address: "9 Elm St", zip: "94607", isDefault: true, pinned: false }]);

    const added = await client.post("/api/addresses", SOMA);
    expect(added.status()).toBe(201);
    const work = (await added.json()).address;
    // A street the offline geocoder knows: at its building, no pin needed.
    expect(work).toMatchObject({ ...SOMA, isDefault: false, pinned: false, precision: "rooftop", lat: 37.7876, lng: -122.3966 });

    const made = await client.post(`/api/addresses/${work.id}/default`);
    expect(made.status()).toBe(200);
    expect((await made.json()).addresses.map((entry: { label: string; isDefault: boolean }) => [entry.label, entry.isDefault])).toEqual([
      ["Work", true],
      ["Home", false],
    ]);
    // The spec's user JSON mirrors the default.
    expect(await (await client.get("/api/auth/")).json()).toMatchObject({ address: "500 Howard St", zip: "94105", deliveryInstructions: "Front desk" });

    const other = await signUpCustomer(test.info().project.use.baseURL!);
    for (const refused of [
      await other.client.put(`/api/addresses/${work.id}`, { label: "Mine" }),
      await other.client.post(`/api/addresses/${work.id}/default`),
      await other.client.del(`/api/addresses/${work.id}`),
    ]) {
      expect(refused.status(), refused.url()).toBe(404);
      expect((await refused.json()).message).toBe("Address not found");
    }
    expect((await (await other.client.get("/api/addresses")).json()).addresses).toEqual([]);
    expect((await (await client.get("/api/addresses")).json()).addresses[0]).toMatchObject({ id: work.id, label: "Work", isDefault: true });

    const guestAdd = await guest.client.post("/api/addresses", SOMA);
    expect(guestAdd.status()).toBe(403);
    expect((await guestAdd.json()).message).toBe("Must login to add address");
    expect((await stranger.get("/api/addresses")).status()).toBe(401);
  });

  test("a pin far from its ZIP is a 400 naming lat; the chosen address is where the order goes and the radius measures from; another's addressId is a 400 naming it", async ({
    owner,
    customer: { client },
  }) => {
    const { restaurant, item } = owner; // at 94105, delivering within 8 km
    const far = await client.post("/api/addresses", { ...SOMA, lat: 37.0, lng: -122.4 });
    expect(far.status()).toBe(400);
    expect(Object.keys((await far.json()).errors)).toEqual(["lat"]);

    const home = (await (await client.post("/api/addresses", OAKLAND)).json()).address;
    const work = (await (await client.post("/api/addresses", { ...SOMA, lat: 37.7875, lng: -122.3965 })).json()).address;
    expect(work).toMatchObject({ pinned: true, lat: 37.7875, lng: -122.3965, isDefault: false });
    expect(home.isDefault).toBe(true);

    // The default (Oakland, about 10 km away) is too far; the chosen Work address is not.
    const order = await createOrder(client, { restaurantId: restaurant.id, itemId: item.id });
    expect((await client.put(`/api/orders/${order.id}/submit`, standardWallet)).status()).toBe(422);
    const placed = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, addressId: work.id });
    expect(placed.status()).toBe(200);

    const other = await signUpCustomer(test.info().project.use.baseURL!);
    const theirs = await other.client.post("/api/orders/", {
      restaurant_id: restaurant.id,
      items: [{ menu_item_id: item.id, quantity: 1 }],
      submit: { ...standardWallet, addressId: work.id },
    });
    expect(theirs.status()).toBe(400);
    expect((await theirs.json()).errors).toEqual({ "submit.addressId": "Choose one of your saved addresses" });

    // Removing the entry later leaves the placed order's copy (lib/server/addresses/book.test.ts proves the courier's drop-off):
    // the order's JSON keeps the address it was placed with, not the live book's.
    expect((await client.del(`/api/addresses/${work.id}`)).status()).toBe(200);
    const read = await client.get(`/api/orders/${order.id}`);
    expect(read.status()).toBe(200);
    expect((await read.json()).deliveryAddress).toMatchObject({ label: work.label, address: work.address, zip: work.zip, lat: 37.7875, lng: -122.3965 });
  });
  test("an address the geocoder finds only at its ZIP's centre is saved with its pin (422 naming lat before); an entry still at its centre is a 422 naming addressId at checkout until pinned, then the order goes to the pin", async ({
    owner,
    customer: { client, user },
  }) => {
    const { restaurant, item } = owner; // at 94105, delivering within 8 km
    // The spec's address (PUT /api/users/{id}) is kept at its ZIP's centre: the default "Home", unpinned.
    await client.put(`/api/users/${user.id}`, { address: "77 Nowhere Alley", city: "San Francisco", state: "CA", zip: "94103" });
    const home = (await (await client.get("/api/addresses")).json()).addresses.find((entry: { label: string }) => entry.label === "Home");
    expect(home).toMatchObject({ pinned: false, precision: "zip", isDefault: true });
    const MISSION = { label: "Gym", address: "12 Analytical Way", city: "San Francisco", state: "CA", zip: "94103" };
    const refused = await client.post("/api/addresses", MISSION);
    expect(refused.status()).toBe(422);
    const answer = await refused.json();
    expect(Object.keys(answer.errors)).toEqual(["lat"]);
    expect(answer.errors.lat).toBe("We could only find this address's ZIP code. Place the pin on your door on the map, then save");
    expect(answer.place).toMatchObject({ precision: "zip", lat: expect.any(Number), lng: expect.any(Number) });
    expect((await (await client.get("/api/addresses")).json()).addresses).toHaveLength(1);
    const pinned = await client.post("/api/addresses", { ...MISSION, lat: answer.place.lat + 0.001, lng: answer.place.lng });
    expect(pinned.status()).toBe(201);
    expect((await pinned.json()).address).toMatchObject({ pinned: true, precision: "zip" });

    await client.post("/api/addresses", { ...SOMA, isDefault: true });

    const order = await createOrder(client, { restaurantId: restaurant.id, itemId: item.id });
    const unpinned = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, addressId: home.id });
    expect(unpinned.status()).toBe(422);
    expect((await unpinned.json()).errors).toEqual({ addressId: "Place this address's pin on the map before ordering to it" });
    const oneCall = await client.post("/api/orders/", {
      restaurant_id: restaurant.id,
      items: [{ menu_item_id: item.id, quantity: 1 }],
      submit: { ...standardWallet, addressId: home.id },
    });
    expect(oneCall.status()).toBe(422);
    expect(Object.keys((await oneCall.json()).errors)).toEqual(["submit.addressId"]);

    const door = { lat: 37.7745, lng: -122.4115 };
    expect((await client.put(`/api/addresses/${home.id}`, door)).status()).toBe(200);
    const placed = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, addressId: home.id });
    expect(placed.status()).toBe(200);
    expect((await (await client.get(`/api/orders/${order.id}`)).json()).deliveryAddress).toMatchObject({ address: "77 Nowhere Alley", ...door });
  });
});
