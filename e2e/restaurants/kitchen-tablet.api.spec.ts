import { expect, test } from "../fixtures";
import { newClient, type Client } from "../support/api";
import { cookieOf, openEventStream } from "../support/events";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// A kitchen tablet over HTTP (docs/architecture/kitchen.md "A board that lives on a tablet"): paired
// by the code its restaurant's settings page shows, it holds its own httpOnly cookie (no session),
// reaches the board's steps of that restaurant only (payouts, settings, the menu, the team, another
// restaurant's board: 401), outlives its owner's sign-out, and stops the moment it is removed:
// its next call is a 401 and its open stream ends. The pairing rules: lib/server/kitchen-devices/devices.test.ts.

type Owner = Awaited<ReturnType<typeof signUpOwner>>;

/** A tablet (a client of its own, from an address of its own) paired to the owner's restaurant. */
async function pairedTablet(baseURL: string, owner: Owner, address: string): Promise<{ tablet: Client; deviceId: number }> {
  const shown = await owner.client.post(`/api/manage/${owner.restaurant.id}/kitchen-devices/pairing`);
  expect(shown.status()).toBe(201);
  const { code } = await shown.json();
  const tablet = await newClient(baseURL, { "X-Forwarded-For": address });
  const wrong = await tablet.post("/api/kitchen/pair", { code: code === "AAAAAA" ? "BBBBBB" : "AAAAAA", name: "Pass" });
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).errors.code).toMatch(/wrong, expired or already used/);
  const paired = await tablet.post("/api/kitchen/pair", { code: code.toLowerCase().replace(/^(...)/, "$1-"), name: "Pass" });
  expect(paired.status()).toBe(201);
  const body = await paired.json();
  expect(body).toMatchObject({ device: { name: "Pass", restaurantId: owner.restaurant.id }, boardUrl: `/restaurants/${owner.restaurant.id}/orders` });
  const cookie = (await tablet.ctx.storageState()).cookies.find((c) => c.name === "nosh_kitchen");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // The code is used up.
  expect((await (await newClient(baseURL, { "X-Forwarded-For": address })).post("/api/kitchen/pair", { code, name: "Again" })).status()).toBe(400);
  return { tablet, deviceId: body.device.id };
}

test("a paired tablet works the board and nothing else, outlives its owner's sign-out, and stops at once when removed", async ({ owner, customer, baseURL }) => {
  const id = owner.restaurant.id;
  const { tablet, deviceId } = await pairedTablet(baseURL!, owner, "10.89.0.1");

  // The board's steps: the board, its stream, accept.
  const order = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
  const board = await tablet.get(`/api/manage/${id}/board`);
  expect(board.status()).toBe(200);
  expect((await board.json()).orders.map((o: { id: number }) => o.id)).toContain(order.id);
  const accepted = await tablet.post(`/api/manage/${id}/orders/${order.id}/stage`, { stage: "accepted", prepMinutes: 15 });
  expect(accepted.status()).toBe(200);
  const stream = await openEventStream(`${baseURL}/api/manage/${id}/orders/events`, { cookie: await cookieOf(tablet) });
  expect(stream.status).toBe(200);

  // Never money, settings, the menu or the team; nor another restaurant's board.
  for (const path of [`/api/manage/${id}/payouts`, `/api/manage/${id}/menu`, `/api/manage/${id}/team`, `/api/manage/${id}/kitchen-devices`, "/api/auth"]) {
    expect((await tablet.get(path)).status(), path).toBe(401);
  }
  expect((await tablet.put(`/api/manage/${id}`, { description: "Changed by the tablet." })).status()).toBe(401);
  expect((await tablet.put(`/api/manage/${id}/payouts/schedule`, { schedule: "weekly" })).status()).toBe(401);
  const elsewhere = await signUpOwner(baseURL!);
  expect((await tablet.get(`/api/manage/${elsewhere.restaurant.id}/board`)).status()).toBe(401);

  // The owner signs in on another device, then out here: the tablet carries on, live.
  const again = await newClient(baseURL!);
  expect((await again.post("/api/auth/login", { credential: owner.email, password: owner.password })).status()).toBe(200);
  expect((await owner.client.get("/api/auth/logout")).status()).toBe(200);
  expect((await owner.client.get(`/api/manage/${id}/board`)).status()).toBe(401);
  expect((await tablet.get(`/api/manage/${id}/board`)).status()).toBe(200);
  const next = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
  await stream.waitFor((m) => m.data.orderId === next.id && m.data.stage === "placed", "the next order");

  // Removed from the settings page: the open stream ends now, and the next call is a 401.
  expect((await again.del(`/api/manage/${id}/kitchen-devices/${deviceId}`)).status()).toBe(200);
  await expect(stream.ended).resolves.toBeUndefined();
  expect((await tablet.get(`/api/manage/${id}/board`)).status()).toBe(401);
  expect((await tablet.post(`/api/manage/${id}/orders/${next.id}/stage`, { stage: "accepted", prepMinutes: 15 })).status()).toBe(401);
  const reopened = await openEventStream(`${baseURL}/api/manage/${id}/orders/events`, { cookie: await cookieOf(tablet) });
  expect(reopened.status).toBe(401);
  await Promise.all([tablet.dispose(), again.dispose(), elsewhere.client.dispose()]);
});
