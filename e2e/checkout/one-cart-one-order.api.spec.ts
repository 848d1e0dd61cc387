import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { sameSession } from "../support/api";
import { createOrder, menuOf, standardWallet, walletOf } from "../support/orders";

// One cart, one order: checkout opened twice for the same browser cart (two tabs: two Active
// orders) sends the cart's identity with Place order, and the server takes one order per cart
// (lib/server/orders/cart-claim.ts), so the second tab is refused, never charged twice. Opening
// checkout sends it too (POST /api/orders with cartId): one Active order per cart (cart-order.ts).

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

test("checkout opened three times from one cart is one Active order; a changed cart replaces it; without cartId every POST is an order", async ({
  request,
  customer: { client },
}) => {
  const [a, b] = await menuOf(request, 3);
  const cartId = randomUUID();
  const cart = { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 2 }], cartId };
  const activeIds = async () =>
    ((await (await client.get("/api/orders/")).json()).orders as { id: number; status: string }[]).filter((o) => o.status === "Active").map((o) => o.id);

  const answers = [];
  for (let visit = 0; visit < 3; visit++) answers.push(await client.post("/api/orders/", cart));
  expect(answers.map((answer) => answer.status())).toEqual([201, 201, 201]);
  const [first, ...again] = await Promise.all(answers.map((answer) => answer.json()));
  expect(again.map((order: { id: number }) => order.id)).toEqual([first.id, first.id]);
  expect(await activeIds()).toEqual([first.id]);

  // Another dish in the cart: a new Active order in place of the old one, never a second.
  const changed = await (await client.post("/api/orders/", { ...cart, items: [...cart.items, { menu_item_id: b!.id, quantity: 1 }] })).json();
  expect(changed.id).not.toBe(first.id);
  expect(changed.orderItems).toHaveLength(2);
  expect(await activeIds()).toEqual([changed.id]);
  expect((await client.get(`/api/orders/${first.id}`)).status()).toBe(404);

  // Placed, it stays placed: the cart's next checkout is a new Active order.
  await client.put(`/api/orders/${changed.id}/submit`, standardWallet);
  const next = await (await client.post("/api/orders/", cart)).json();
  expect(next.id).not.toBe(changed.id);
  expect((await (await client.get(`/api/orders/${changed.id}`)).json()).status).toBe("Submitted");

  // The spec's POST: a client creating two orders on purpose (no cartId) gets two.
  const plain = { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 2 }] };
  const [x, y] = [await (await client.post("/api/orders/", plain)).json(), await (await client.post("/api/orders/", plain)).json()];
  expect(x.id).not.toBe(y.id);
  expect((await activeIds()).sort()).toEqual([next.id, x.id, y.id].sort());
});

test("a cart's identity is checked: malformed, or sent with submit, is a 400 naming cartId and nothing is created", async ({ request, customer: { client } }) => {
  const [a] = await menuOf(request, 3);
  const cart = { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 1 }] };
  const malformed = await client.post("/api/orders/", { ...cart, cartId: "not a cart" });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).errors).toEqual({ cartId: "cartId must be 8-64 letters, digits or dashes" });
  const withSubmit = await client.post("/api/orders/", { ...cart, cartId: randomUUID(), submit: standardWallet });
  expect(withSubmit.status()).toBe(400);
  expect((await withSubmit.json()).errors).toEqual({ cartId: "cartId names the cart of an Active order at checkout: leave it out with submit" });
  expect((await (await client.get("/api/orders/")).json()).orders).toEqual([]);
});

test("two tabs showing the cart's one Active order: once one placed it, the other's Place order is told the cart was ordered, naming it, and charged nothing", async ({
  request,
  customer: { client },
}) => {
  const [a] = await menuOf(request, 3);
  const cartId = randomUUID();
  const cart = { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 1 }], cartId };
  const [tab1, tab2] = [await (await client.post("/api/orders/", cart)).json(), await (await client.post("/api/orders/", cart)).json()];
  expect(tab2.id).toBe(tab1.id);
  const before = cents(await walletOf(client));
  expect((await client.put(`/api/orders/${tab1.id}/submit`, { ...standardWallet, cartId })).status()).toBe(200);
  const charged = before - cents(await walletOf(client));
  for (const paymentMethod of ["wallet", "card"]) {
    const refused = await client.put(`/api/orders/${tab2.id}/submit`, { ...standardWallet, paymentMethod, cartId });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ message: "This cart was just ordered", errors: { cartId: `This cart was just ordered as order #${tab1.id}` } });
  }
  expect(before - cents(await walletOf(client))).toBe(charged);
});
