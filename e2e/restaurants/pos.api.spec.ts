import type { Client } from "../support/api";
import { expect, test } from "../fixtures";
import { acceptOrder, menuOf, placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// The point-of-sale link over HTTP with the built-in POS (docs/architecture/kitchen.md "The point of
// sale"): connected by its OAuth round, its catalog imported through the menu file's preview and
// apply, an accepted order pushed once by the pos.push job; a forged webhook, someone else's state
// and another owner's link are refused. Square itself, through its stand-in: lib/server/pos/pos.test.ts.

/** The owner's OAuth round with the built-in POS: the authorize URL is the callback itself, with its code and state. */
async function connect(client: Client, restaurantId: number) {
  const authorize = await client.post(`/api/manage/${restaurantId}/pos/authorize`);
  expect(authorize.status()).toBe(200);
  const back = new URL((await authorize.json()).url);
  expect(back.pathname).toBe("/pos/connected");
  return { restaurantId, code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

test("the built-in POS connects, its catalog imports through the menu file's preview, and an accepted order is pushed once", async ({ owner, customer }) => {
  const id = owner.restaurant.id;
  const answer = await connect(owner.client, id);
  const connected = await owner.client.post("/api/pos/builtin/connect", answer);
  expect(connected.status()).toBe(200);
  expect(await connected.json()).toEqual({ restaurantId: id });
  const status = await (await owner.client.get(`/api/manage/${id}/pos`)).json();
  expect(status).toMatchObject({ provider: "builtin", connection: { provider: "builtin", dishes: 0 } });
  expect(JSON.stringify(status)).not.toContain("builtin-token");

  const preview = await (await owner.client.post(`/api/manage/${id}/pos/import/preview`)).json();
  expect(preview).toMatchObject({ errors: [], sectionsCreated: ["Counter favourites"] });
  expect(preview.created.map((dish: { name: string }) => dish.name)).toEqual(["Counter tacos", "Counter horchata (Small)", "Counter horchata (Large)"]);
  const imported = await owner.client.post(`/api/manage/${id}/pos/import`);
  expect(imported.status()).toBe(200);
  const tacos = (await menuOf(owner.client, id)).find((dish) => dish.name === "Counter tacos");
  expect(tacos).toMatchObject({ price: 11.5 });

  const order = await placeOrder(customer.client, { restaurantId: id, itemId: tacos!.id });
  await acceptOrder(owner.client, id, order.id);
  await expect
    .poll(async () => (await (await owner.client.get(`/api/manage/${id}/pos`)).json()).connection, { timeout: 10_000 })
    .toMatchObject({ dishes: 3, ordersPushed: 1, ordersWaiting: 0 });
});

test("a forged POS webhook, someone else's state and another owner's link are refused", async ({ owner, baseURL }) => {
  const forged = await fetch(new URL("/api/pos/webhooks/builtin", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-nosh-pos-signature": "bm90IGEgc2lnbmF0dXJl" },
    body: JSON.stringify({ merchant_id: "BUILTIN-ANY", type: "inventory.count.updated", data: { object: { inventory_counts: [] } } }),
  });
  expect(forged.status).toBe(403);
  expect((await fetch(new URL("/api/pos/webhooks/square", baseURL), { method: "POST", body: "{}" })).status).toBe(404);

  const other = await signUpOwner(baseURL!);
  const theirs = await connect(other.client, other.restaurant.id);
  // Their answer is refused at the team check; with this owner's own restaurant, at the state.
  expect((await owner.client.post("/api/pos/builtin/connect", theirs)).status()).toBe(404);
  const stolen = await owner.client.post("/api/pos/builtin/connect", { ...theirs, restaurantId: owner.restaurant.id });
  expect(stolen.status()).toBe(400);
  expect((await stolen.json()).errors).toHaveProperty("state");
  expect((await owner.client.get(`/api/manage/${other.restaurant.id}/pos`)).status()).toBe(404);
  expect((await owner.client.post(`/api/manage/${other.restaurant.id}/pos/import`)).status()).toBe(404);
  await other.client.dispose();
});
