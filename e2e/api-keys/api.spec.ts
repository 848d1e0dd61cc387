import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "../fixtures";
import { API_KEY_REQUESTS_PER_MINUTE } from "@/lib/shared/people/api-keys";
import { checked, signUpCustomer } from "../support/api";
import { createOrder, submitOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// A restaurant's API keys over HTTP (docs/architecture/api-keys.md): a key made by the owner is
// shown once; with `Authorization: Bearer` and no cookie nor XSRF header it reads the orders and
// moves one on; a scope it lacks is a 403, an operation taking no keys a 401, a cookie session
// is never used beside it; revoked, its next request is a 401; past its allowance a 429 with
// Retry-After. Which operations take which scope: the authorization matrix's key columns.

/** A bare request context sending only `Authorization: Bearer <key>` (no cookie jar primed, no XSRF header). */
async function bearer(baseURL: string, key: string) {
  return checked(await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } }));
}

test("a key reads and moves orders without a cookie, within its scopes, until it is revoked", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const id = owner.restaurant.id;
  const made = await owner.client.post(`/api/manage/${id}/api-keys`, { name: "Kitchen display", scopes: ["orders.read", "orders.steps"] });
  expect(made.status(), await made.text()).toBe(201);
  const { apiKey, key } = await made.json();
  expect(key).toMatch(/^nosh_test_[A-Za-z0-9_-]{43}$/);
  expect(apiKey).toMatchObject({ name: "Kitchen display", scopes: ["orders.read", "orders.steps"], start: key.slice(0, 14), lastUsedAt: null });
  // Shown once: the list never carries it.
  const listed = await (await owner.client.get(`/api/manage/${id}/api-keys`)).text();
  expect(listed).toContain("Kitchen display");
  expect(listed).not.toContain(key);

  const buyer = (await signUpCustomer(baseURL!)).client;
  const order = await submitOrder(buyer, (await createOrder(buyer, { restaurantId: id, itemId: owner.item.id })).id);

  const pos = await bearer(baseURL!, key);
  const orders = await pos.get(`/api/manage/${id}/orders`);
  expect(orders.status(), await orders.text()).toBe(200);
  expect((await orders.json()).orders.map((o: { id: number }) => o.id)).toContain(order.id);
  expect(orders.headers()["cache-control"]).toContain("no-store");
  // A write without any cookie or XSRF-Token header: the key is the authority.
  const accepted = await pos.post(`/api/manage/${id}/orders/${order.id}/stage`, { data: { stage: "accepted", prepMinutes: 15 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect((await accepted.json()).stage).toBe("accepted");
  // The same write with the owner's cookies but no header is still refused: cookies keep their anti-forgery check.
  const forged = await owner.client.ctx.post(`/api/manage/${id}/orders/${order.id}/stage`, { data: { stage: "ready" } });
  expect(forged.status()).toBe(403);

  // Out of its scopes (the menu: 403), an operation that takes no keys (its keys: 401; a write there keeps its anti-forgery
  // check: 403 before the key is even read), another restaurant (404).
  expect((await pos.get(`/api/manage/${id}/menu`)).status()).toBe(403);
  const keys = await pos.get(`/api/manage/${id}/api-keys`);
  expect(keys.status()).toBe(401);
  expect((await keys.json()).message).toBe("This operation does not accept API keys: sign in instead");
  const settings = await pos.put(`/api/manage/${id}`, { data: { description: "Changed by a key" } });
  expect(settings.status()).toBe(403);
  expect((await settings.json()).message).toMatch(/anti-forgery/);
  const other = await signUpOwner(baseURL!);
  expect((await pos.get(`/api/manage/${other.restaurant.id}/orders`)).status()).toBe(404);

  // A key never falls back on a cookie session: the owner's cookies with an unknown key are a 401.
  const withCookie = await owner.client.ctx.get(`/api/manage/${id}/orders`, { headers: { Authorization: `Bearer nosh_test_${"x".repeat(43)}` } });
  expect(withCookie.status()).toBe(401);

  // Its last use is on the list.
  const [row] = (await (await owner.client.get(`/api/manage/${id}/api-keys`)).json()).apiKeys;
  expect(row.lastUsedAt).not.toBeNull();

  // Revoked: its next request is a 401.
  expect((await owner.client.del(`/api/manage/${id}/api-keys/${apiKey.id}`)).status()).toBe(200);
  const after = await pos.get(`/api/manage/${id}/orders`);
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe("Unknown or revoked API key");
  expect((await owner.client.get(`/api/manage/${id}/api-keys`)).ok()).toBe(true);
  await pos.dispose();
});

test("a key past its allowance a minute gets a 429 with Retry-After", async ({ baseURL }) => {
  test.slow();
  const owner = await signUpOwner(baseURL!);
  const id = owner.restaurant.id;
  const { key } = await (await owner.client.post(`/api/manage/${id}/api-keys`, { name: "Busy", scopes: ["menu.read"] })).json();
  const pos = await bearer(baseURL!, key);
  for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
    const answer = await pos.get(`/api/manage/${id}/sections`);
    expect(answer.status(), `request ${i + 1}`).toBe(200);
  }
  const refused = await pos.get(`/api/manage/${id}/sections`);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  // The owner's own session is not limited by it.
  expect((await owner.client.get(`/api/manage/${id}/sections`)).status()).toBe(200);
  await pos.dispose();
});

test("the bad body of a new key names its field, and nothing is made", async ({ owner }) => {
  const id = owner.restaurant.id;
  const noScopes = await owner.client.post(`/api/manage/${id}/api-keys`, { name: "Empty", scopes: [] });
  expect(noScopes.status()).toBe(400);
  expect((await noScopes.json()).errors).toHaveProperty("scopes");
  const unknown = await owner.client.post(`/api/manage/${id}/api-keys`, { name: "Odd", scopes: ["payouts.write"] });
  expect(unknown.status()).toBe(400);
  const noName = await owner.client.post(`/api/manage/${id}/api-keys`, { name: " ", scopes: ["menu.read"] });
  expect(noName.status()).toBe(400);
  expect((await noName.json()).errors).toHaveProperty("name");
  expect((await (await owner.client.get(`/api/manage/${id}/api-keys`)).json()).apiKeys).toEqual([]);
});
