import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Favourite restaurants: set and unset idempotently, listed newest first, only
// one's own, refused to the signed-out and for an unknown restaurant.

test("a customer favourites a restaurant once however often, lists it, and takes it off", async ({ baseURL }) => {
  const shop = await signUpOwner(baseURL!);
  const { client } = await signUpCustomer(baseURL!);
  const url = `/api/restaurants/${shop.restaurant.id}/favorite`;
  const answers = await Promise.all(Array.from({ length: 20 }, () => client.put(url)));
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ restaurantId: shop.restaurant.id, favorite: true });
  }
  const listed = await (await client.get("/api/favorites/restaurants")).json();
  expect(listed.map((r: { id: number }) => r.id)).toEqual([shop.restaurant.id]);

  // Another customer's favourites are their own.
  const other = await signUpCustomer(baseURL!);
  expect(await (await other.client.get("/api/favorites/restaurants")).json()).toEqual([]);

  for (let i = 0; i < 2; i++) expect(await (await client.del(url)).json()).toEqual({ restaurantId: shop.restaurant.id, favorite: false });
  expect(await (await client.get("/api/favorites/restaurants")).json()).toEqual([]);
});

test("refuses the signed-out (401) and an unknown restaurant (404)", async ({ baseURL }) => {
  const anonymous = await newClient(baseURL!);
  expect((await anonymous.put("/api/restaurants/1/favorite")).status()).toBe(401);
  expect((await anonymous.get("/api/favorites/restaurants")).status()).toBe(401);
  const { client } = await signUpCustomer(baseURL!);
  const missing = await client.put("/api/restaurants/99999999/favorite");
  expect(missing.status()).toBe(404);
  expect((await missing.json()).message).toBeTruthy();
});

test("Order again lists the restaurant of a placed order with that order, for its customer only", async ({ baseURL }) => {
  const shop = await signUpOwner(baseURL!);
  const { client } = await signUpCustomer(baseURL!);
  expect(await (await client.get("/api/orders/again")).json()).toEqual([]);
  const placed = await placeOrder(client, { restaurantId: shop.restaurant.id, itemId: shop.item.id });
  const rows = await (await client.get("/api/orders/again")).json();
  expect(rows.map((row: { restaurant: { id: number }; lastOrderId: number }) => [row.restaurant.id, row.lastOrderId])).toEqual([[shop.restaurant.id, placed.id]]);
  const other = await signUpCustomer(baseURL!);
  expect(await (await other.client.get("/api/orders/again")).json()).toEqual([]);
  expect((await (await newClient(baseURL!)).get("/api/orders/again")).status()).toBe(401);
});
