import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { sameSession } from "../support/api";
import { createOrder, standardWallet, walletOf } from "../support/orders";

// One cart, one order: checkout opened twice for the same browser cart (two tabs: two Active
// orders) sends the cart's identity with Place order, and the server takes one order per cart
// (lib/server/orders/cart-claim.ts), so the second tab is refused, never charged twice.

const cents = (dollars: number) => Math.round(dollars * 100);

test("a cart's second order is refused with 409 naming the first, and charged nothing", async ({ customer: { client } }) => {
  const cartId = randomUUID();
  const first = await createOrder(client, 3, 2);
  const second = await createOrder(client, 3, 2);
  const before = cents(await walletOf(client));

  const placed = await client.put(`/api/orders/${first.id}/submit`, { ...standardWallet, cartId });
  expect(placed.status()).toBe(200);
  const charged = before - cents(await walletOf(client));
  expect(charged).toBeGreaterThan(0);

  const refused = await client.put(`/api/orders/${second.id}/submit`, { ...standardWallet, cartId });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ message: "This cart was just ordered", errors: { cartId: `This cart was just ordered as order #${first.id}` } });
  expect((await (await client.get(`/api/orders/${second.id}`)).json()).status).toBe("Active");
  expect(before - cents(await walletOf(client))).toBe(charged);

  // Another cart is another order.
  expect((await client.put(`/api/orders/${second.id}/submit`, { ...standardWallet, cartId: randomUUID() })).status()).toBe(200);
});

test("two tabs placing one cart at the same moment make one order", async ({ customer: { client }, baseURL }) => {
  const other = await sameSession(client, baseURL!);
  const cartId = randomUUID();
  const [a, b] = [await createOrder(client), await createOrder(other)];
  const answers = await Promise.all([
    client.put(`/api/orders/${a.id}/submit`, { ...standardWallet, cartId }),
    other.put(`/api/orders/${b.id}/submit`, { ...standardWallet, cartId }),
  ]);
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409]);
  const { orders } = await (await client.get("/api/orders/")).json();
  expect(orders.filter((order: { status: string }) => order.status === "Submitted")).toHaveLength(1);
});

test("a malformed cart identity is a 400 naming cartId, and nothing is placed", async ({ customer: { client } }) => {
  const order = await createOrder(client);
  const response = await client.put(`/api/orders/${order.id}/submit`, { ...standardWallet, cartId: "not a cart" });
  expect(response.status()).toBe(400);
  expect((await response.json()).errors).toEqual({ cartId: "cartId must be 8-64 letters, digits or dashes" });
  expect((await (await client.get(`/api/orders/${order.id}`)).json()).status).toBe("Active");
});
