import { expect, test } from "../fixtures";
import type { Client } from "../support/api";
import { createOrder, standardCard } from "../support/orders";

// Card payments raced over HTTP, on SQLite and PostgreSQL (POSTGRES_API_SPECS): each settles once
// under 20 requests at once, and a held order (its capture failed) waits for its payment
// (docs/architecture/payments.md). The rules in full: lib/server/payments/held-orders.test.ts.

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });

async function saveDefaultCard(client: Client, number: string): Promise<void> {
  const { id } = await (await client.post("/api/test-provider/payment-methods", card(number))).json();
  expect((await client.post("/api/payment-methods", { paymentMethodId: id, makeDefault: true })).status()).toBe(201);
}

const statuses = (responses: { status(): number }[]) => responses.map((response) => response.status()).sort();

test("a 3-D Secure authorization brought back 20 times at once: one order placed on it, the others 409, the authorization kept", async ({ customer: { client } }) => {
  await saveDefaultCard(client, "4000002500003155");
  const order = await createOrder(client);
  const { payment } = await (await client.put(`/api/orders/${order.id}/submit`, standardCard)).json();
  await client.post(`/api/test-provider/challenges/${payment.intentId}`, { outcome: "pass" });
  const answers = await Promise.all(Array.from({ length: 20 }, () => client.put(`/api/orders/${order.id}/submit`, { ...standardCard, paymentIntent: payment.intentId })));
  expect(statuses(answers)).toEqual([200, ...Array(19).fill(409)]);
  expect((await (await client.get(`/api/orders/${order.id}/payment`)).json()).payment).toMatchObject({ state: "authorized", card: "Visa •••• 3155" });
});

test("a held order: ready is a 409 naming the payment, the board says Waiting for payment; 'Pay with my default card' 20 times at once charges once", async ({
  customer: { client },
  owner,
}) => {
  await saveDefaultCard(client, "4000000000000341");
  const created = await createOrder(client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  const order = await (await client.put(`/api/orders/${created.id}/submit`, standardCard)).json();
  const stage = (body: Record<string, unknown>) => owner.client.post(`/api/manage/${owner.restaurant.id}/orders/${order.id}/stage`, body);
  expect((await stage({ stage: "accepted", prepMinutes: 20 })).status()).toBe(200);
  expect((await (await client.get(`/api/orders/${order.id}/payment`)).json()).payment).toMatchObject({ state: "capture_failed", actionNeeded: true });

  const ready = await stage({ stage: "ready" });
  expect(ready.status()).toBe(409);
  expect(await ready.json()).toMatchObject({ errors: { payment: "Waiting for payment" } });
  const board = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json();
  expect(board.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({ stage: "accepted", awaitingPayment: true });

  await saveDefaultCard(client, "4242424242424242");
  const fixes = await Promise.all(Array.from({ length: 20 }, () => client.post(`/api/orders/${order.id}/payment`, {})));
  expect(statuses(fixes)).toEqual([200, ...Array(19).fill(409)]);
  expect((await (await client.get(`/api/orders/${order.id}/payment`)).json()).payment).toMatchObject({
    state: "captured",
    captured: order.totalCost,
    card: "Visa •••• 4242",
  });
  expect((await stage({ stage: "ready" })).status()).toBe(200);
});
