import { expect, test } from "@playwright/test";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { standardWallet } from "../support/orders";
import { signUpOwner } from "../support/owner";

// The arrival quoted before ordering and kept (docs/architecture/order-stages.md "Arrival window")
// over HTTP: GET /api/restaurants/{id}/arrival quotes a farther address later and the spec's range
// without one; an order placed keeps the range quoted for its address (`promisedArrival`) and, once
// delivered, its actual minutes (`actualMinutes`), both in the order's JSON.

type Range = { minMinutes: number; maxMinutes: number; text: string };
type Arrival = { arrival: { restaurantId: number; addressKnown: boolean; km: number | null; standard: Range; priority: Range }; onTime: unknown };

/** About `km` north of `from`. */
const north = (from: { lat: number; lng: number }, km: number) => ({ lat: (from.lat + km / 111.32).toFixed(6), lng: from.lng.toFixed(6) });

const arrivalOf = async (client: Client, restaurantId: number, query = ""): Promise<Arrival> => {
  const response = await client.get(`/api/restaurants/${restaurantId}/arrival${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
};

test.describe("GET /api/restaurants/{id}/arrival", () => {
  test("quotes an address 6 km away later than one 1 km away, and the spec's range without an address", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const { client } = await signUpCustomer(baseURL!);
    const restaurant = (await (await client.get(`/api/restaurants/${owner.restaurant.id}`)).json()).restaurant as { lat: number; lng: number };
    const near = await arrivalOf(client, owner.restaurant.id, `?${new URLSearchParams(north(restaurant, 1))}`);
    const far = await arrivalOf(client, owner.restaurant.id, `?${new URLSearchParams(north(restaurant, 6))}`);
    expect(near.arrival).toMatchObject({ addressKnown: true, km: 1 });
    expect(far.arrival).toMatchObject({ addressKnown: true, km: 6 });
    expect(far.arrival.standard.minMinutes).toBeGreaterThan(near.arrival.standard.minMinutes);
    expect(far.arrival.standard.text).toBe(`${far.arrival.standard.minMinutes}-${far.arrival.standard.maxMinutes} min`);
    // A new restaurant has no on-time record yet.
    expect(near.onTime).toBeNull();

    const anonymous = await (await newClient(baseURL!)).get(`/api/restaurants/${owner.restaurant.id}/arrival`);
    expect(await anonymous.json()).toMatchObject({ arrival: { addressKnown: false, km: null, standard: { text: "20-35 min" }, priority: { text: "15-30 min" } } });
  });

  test("names the field at fault", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const bad = await owner.client.get(`/api/restaurants/${owner.restaurant.id}/arrival?lat=37.7`);
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("lng");
    const nowhere = await owner.client.get(`/api/restaurants/${owner.restaurant.id}/arrival?address=${encodeURIComponent("Nowhere at all")}`);
    expect(nowhere.status()).toBe(400);
    expect((await nowhere.json()).errors).toHaveProperty("address");
    expect((await owner.client.get(`/api/restaurants/999999999/arrival`)).status()).toBe(404);
  });
});

test.describe("the promise kept in the order's JSON", () => {
  test("placing keeps the range quoted for the customer's address; delivering adds the actual minutes", async ({ baseURL }) => {
    const owner = await signUpOwner(baseURL!);
    const { client: customer, user } = await signUpCustomer(baseURL!);
    expect((await customer.put(`/api/users/${user.id}`, { address: "200 Mission St", city: "San Francisco", state: "CA", zip: "94105" })).status()).toBe(200);
    // Signed in without an address in the query: the customer's saved place.
    const quoted = (await arrivalOf(customer, owner.restaurant.id)).arrival;
    expect(quoted.addressKnown).toBe(true);

    const created = await (await customer.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] })).json();
    const placed = await customer.put(`/api/orders/${created.id}/submit`, standardWallet);
    expect(placed.status(), await placed.text()).toBe(200);
    const order = await placed.json();
    expect(order).toMatchObject({ promisedArrival: quoted.standard, actualMinutes: null });
    expect(Date.parse(order.estimatedArrivalTo) - Date.parse(order.submittedAt)).toBe(quoted.standard.maxMinutes * 60_000);

    for (const stage of [{ stage: "accepted", prep_minutes: 10 }, { stage: "ready" }, { stage: "out_for_delivery" }, { stage: "delivered" }]) {
      expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, stage)).status(), stage.stage).toBe(200);
    }
    const delivered = await (await customer.get(`/api/orders/${order.id}`)).json();
    expect(delivered).toMatchObject({ stage: "delivered", promisedArrival: quoted.standard, actualMinutes: 0 });
  });
});
