import { expect, test } from "../fixtures";
import { signUpGuest } from "../support/api";
import { createOrder, standardCard } from "../support/orders";

// A guest's address over HTTP (docs/architecture/places.md "A guest's address"): a line is placed
// as the address book places it (GET /api/search/locate, with its precision and its ZIP's centre);
// a guest's order goes to the pin sent with its address, a pin far from its ZIP is a 400 naming
// deliveryLat that places nothing, and without a pin a street the geocoder knows goes to its building.

const OTIS = "77 Otis St, San Francisco, CA 94103";
const RULE = "Address must by ADDRESS, CITY, STATE, ZIP, seperated by commas";
const PIN_FAR = "The pin must be within 5 km of the address's ZIP code";

test("GET /api/search/locate: a known street at its building, any other at its ZIP's centre; not an address or an unknown ZIP is a 400 naming address", async ({
  api: client,
}) => {
  const valencia = await client.get(`/api/search/locate?address=${encodeURIComponent("41 valencia st, San Francisco, ca 94103-1234")}`);
  expect(valencia.status()).toBe(200);
  const found = await valencia.json();
  expect(found).toMatchObject({ address: "41 valencia st", state: "CA", zip: "94103", lat: 37.7718, lng: -122.4225, precision: "rooftop" });
  const otis = await (await client.get(`/api/search/locate?address=${encodeURIComponent(OTIS)}`)).json();
  expect(otis).toMatchObject({ precision: "zip", lat: found.centre.lat, lng: found.centre.lng });
  for (const [line, message] of [
    ["41 Valencia St 94103", RULE],
    ["1 Main St, Nowhere, CA, 00000", "We could not find that ZIP code"],
  ]) {
    const refused = await client.get(`/api/search/locate?address=${encodeURIComponent(line)}`);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ address: message });
  }
});

test("a guest's order goes to the pin sent with its address; a pin 10 km off is a 400 naming deliveryLat and places nothing; a known street goes to its building", async ({
  baseURL,
}) => {
  const { client: guest } = await signUpGuest(baseURL!);
  const centre = (await (await guest.get(`/api/search/locate?address=${encodeURIComponent(OTIS)}`)).json()).centre;
  const order = await createOrder(guest, 3);
  const far = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: OTIS, deliveryLat: centre.lat + 0.09, deliveryLng: centre.lng });
  expect(far.status()).toBe(400);
  expect((await far.json()).errors).toEqual({ deliveryLat: PIN_FAR });
  const half = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: OTIS, deliveryLat: centre.lat });
  expect(half.status()).toBe(400);
  expect((await half.json()).errors).toHaveProperty("deliveryLat");
  expect((await (await guest.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
  expect(await (await guest.get("/api/auth/")).json()).toMatchObject({ address: null, lat: null });

  const door = { deliveryLat: centre.lat + 0.002, deliveryLng: centre.lng + 0.001 };
  const placed = await guest.put(`/api/orders/${order.id}/submit`, { ...standardCard, deliveryAddress: OTIS, ...door });
  expect(placed.status(), await placed.text()).toBe(200);
  expect((await placed.json()).deliveryAddress).toMatchObject({ address: "77 Otis St", lat: door.deliveryLat, lng: door.deliveryLng });
  expect(await (await guest.get("/api/auth/")).json()).toMatchObject({ address: "77 Otis St", lat: door.deliveryLat, lng: door.deliveryLng });

  const { client: another } = await signUpGuest(baseURL!);
  const next = await createOrder(another, 3);
  const known = await another.put(`/api/orders/${next.id}/submit`, { ...standardCard, deliveryAddress: "41 Valencia St, San Francisco, CA 94103" });
  expect(known.status(), await known.text()).toBe(200);
  expect((await known.json()).deliveryAddress).toMatchObject({ lat: 37.7718, lng: -122.4225 });
});
