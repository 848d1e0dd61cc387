import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeCourier } from "../support/couriers";
import { disputedOrder } from "../support/disputes";
import { signUpOperator } from "../support/operator";

// Disputes (chargebacks) over HTTP on the production build (docs/architecture/payments.md
// "Disputes", operator.md "Disputes"): the test provider's disputing card is charged at accept and
// disputed; its webhook puts it in the operators' queue, the order says Disputed to its customer
// and on its owner's board; the evidence goes once (20 presses at once: one 200); the test
// provider's bank decides; the restaurant's statement has both lines. Nobody but an operator sees
// the queue. The ledger's rules in full: lib/server/payments/disputes.test.ts.

test("a disputed charge: queued for operators, Disputed on the order, evidence sent once, won; the queue is the operators' alone", async ({
  baseURL,
  customer,
  owner,
}) => {
  // Two of the test provider's webhooks are awaited (sent by the server's job a few seconds after each move).
  test.setTimeout(120_000);
  const nia = await signUpOperator(baseURL!);
  const { order, dispute } = await disputedOrder(customer.client, owner, nia);
  expect(dispute).toMatchObject({ status: "needs_response", amount: order.totalCost, restaurant: { id: owner.restaurant.id }, withdrawn: true });

  // The customer's and the owner's views say Disputed.
  const payment = (await (await customer.client.get(`/api/orders/${order.id}/payment`)).json()).payment;
  expect(payment.dispute).toMatchObject({ status: "needs_response", label: "Disputed", amount: order.totalCost });
  const board = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/board`)).json();
  expect(board.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({ dispute: "needs_response" });

  // Nobody but an operator: the customer, the owner, a courier get 403; an anonymous visitor 401.
  const courier = await signUpCustomer(baseURL!);
  await makeCourier(courier.user.id);
  for (const client of [customer.client, owner.client, courier.client]) {
    expect((await client.get("/api/admin/disputes")).status()).toBe(403);
    expect((await client.get(`/api/admin/disputes/${dispute.id}`)).status()).toBe(403);
    expect((await client.post(`/api/admin/disputes/${dispute.id}/evidence`, { explanation: "Mine" })).status()).toBe(403);
    expect((await client.post(`/api/admin/disputes/${dispute.id}`, { action: "absorb", reason: "Mine" })).status()).toBe(403);
  }
  const anonymous = await fetch(`${baseURL}/api/admin/disputes`);
  expect(anonymous.status).toBe(401);

  // The evidence gathered from the order.
  const detail = (await (await nia.client.get(`/api/admin/disputes/${dispute.id}`)).json()).dispute;
  expect(detail.evidence.receipt).toContain(`Nosh order #${order.id}`);
  expect(detail.evidence.customerEmail).toBe(customer.email);
  expect((await nia.client.get("/api/admin/disputes/999999999")).status()).toBe(404);

  // A missing explanation names the field; then 20 presses at once send it once.
  const empty = await nia.client.post(`/api/admin/disputes/${dispute.id}/evidence`, { explanation: "  " });
  expect(empty.status()).toBe(400);
  expect(Object.keys((await empty.json()).errors)).toEqual(["explanation"]);
  const explanation = "The cardholder collected it; the courier's trail and the receipt are attached.";
  const presses = await Promise.all(Array.from({ length: 20 }, () => nia.client.post(`/api/admin/disputes/${dispute.id}/evidence`, { explanation })));
  expect(presses.map((press) => press.status()).sort()).toEqual([200, ...Array(19).fill(409)]);
  const audit = await (await nia.client.get(`/api/admin/audit?targetType=dispute&targetId=${dispute.id}`)).json();
  expect(audit.items).toEqual([expect.objectContaining({ action: "dispute.evidence", reason: explanation })]);

  // The test provider's bank decides: won. The money is back; the statement lists both lines.
  const resolved = await customer.client.post(`/api/test-provider/disputes/${dispute.providerDisputeId}/resolve`, { outcome: "won" });
  expect(resolved.status()).toBe(200);
  await expect.poll(async () => (await (await customer.client.get(`/api/orders/${order.id}/payment`)).json()).payment.dispute?.status, { timeout: 30_000 }).toBe("won");
  const closed = (await (await nia.client.get("/api/admin/disputes?status=closed&limit=100")).json()).items;
  expect(closed.find((item: { id: number }) => item.id === dispute.id)).toMatchObject({ status: "won", closedAt: expect.any(String) });
  const statement = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/payouts`)).json();
  const lines = statement.entries.filter((entry: { kind: string; orderId: number }) => entry.kind === "dispute" && entry.orderId === order.id);
  expect(lines.map((line: { net: number }) => line.net)).toEqual([-order.totalCost, order.totalCost]);
});
