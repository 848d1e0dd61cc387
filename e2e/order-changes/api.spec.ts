import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { acceptOrder, placeOrder, walletOf } from "../support/orders";
import { createItem, signUpOwner } from "../support/owner";

// Changing an accepted order over HTTP (docs/architecture/order-changes.md): the
// kitchen marks a line unavailable, the customer reads it and answers; bad input names its field,
// another's order is a 404. The money's exactness, the job and the races are proved in
// lib/server/order-changes/order-changes.test.ts.

test("the kitchen marks a line unavailable with a suggestion; the customer removes it and is refunded at once", async ({ baseURL }) => {
  const owner = await signUpOwner(baseURL!);
  const salad = await createItem(owner.client, owner.restaurant.id, { name: "Side Salad", price: 4 });
  const buyer = await signUpCustomer(baseURL!);
  const order = await placeOrder(buyer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
  await acceptOrder(owner.client, owner.restaurant.id, order.id);
  const lineId = (order.orderItems[0] as { id: number }).id;
  const path = `/api/manage/${owner.restaurant.id}/orders/${order.id}/changes`;

  // Bad input: 400 naming the field, nothing written.
  for (const [body, field] of [
    [{ orderItemId: lineId, quantity: 0 }, "quantity"],
    [{ orderItemId: lineId, quantity: 3 }, "quantity"],
    [{ orderItemId: 999_999, quantity: 1 }, "orderItemId"],
    [{ orderItemId: lineId, quantity: 1, replacementId: owner.item.id }, "replacementId"],
  ] as const) {
    const refused = await owner.client.post(path, body);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors[field]).toEqual(expect.any(String));
  }
  const marked = await owner.client.post(path, { orderItemId: lineId, quantity: 1, replacementId: salad.id });
  expect(marked.status()).toBe(201);
  const { change } = await marked.json();
  expect(change).toMatchObject({ state: "asked", quantity: 1, replacement: { id: salad.id, name: "Side Salad", price: 4 } });

  // The customer sees it; a stranger's calls are 404s and change nothing.
  const seen = await (await buyer.client.get(`/api/orders/${order.id}/changes`)).json();
  expect(seen.changes.map((c: { id: number; state: string }) => [c.id, c.state])).toEqual([[change.id, "asked"]]);
  const stranger = await signUpCustomer(baseURL!);
  expect((await stranger.client.get(`/api/orders/${order.id}/changes`)).status()).toBe(404);
  expect((await stranger.client.put(`/api/orders/${order.id}/changes/${change.id}`, { answer: "remove" })).status()).toBe(404);
  const bad = await buyer.client.put(`/api/orders/${order.id}/changes/${change.id}`, { answer: "maybe" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors.answer).toBe("answer must be replace or remove");

  const before = await walletOf(buyer.client);
  const answered = await buyer.client.put(`/api/orders/${order.id}/changes/${change.id}`, { answer: "remove" });
  expect(answered.status()).toBe(200);
  const [settled] = (await answered.json()).changes;
  expect(settled.state).toBe("removed");
  expect(settled.delta).toBeLessThan(-owner.item.price + 0.001);
  expect(await walletOf(buyer.client)).toBeCloseTo(before - settled.delta, 2);
  const after = await (await buyer.client.get(`/api/orders/${order.id}`)).json();
  expect(after.totalCost).toBeCloseTo(order.totalCost + settled.delta, 2);
  expect(after.orderItems[0].quantity).toBe(1);
  // Answered again otherwise: a 409; the owner's board reads the settled change.
  expect((await buyer.client.put(`/api/orders/${order.id}/changes/${change.id}`, { answer: "replace" })).status()).toBe(409);
  const board = await (await owner.client.get(path)).json();
  expect(board.changes[0].state).toBe("removed");
});
