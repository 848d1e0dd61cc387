import { expect, test } from "../fixtures";
import { write } from "../support/couriers";
import { disputedOrder } from "../support/disputes";
import { signUpOperator } from "../support/operator";

// A problem report on a disputed card charge over HTTP on the production build (docs/architecture/disputes.md
// "Refunds of a disputed charge"): the red team's replay. The test provider's card 4000 0000 0000 0259 is
// charged at accept and disputed; once its webhook is in, the customer reports the food missing. The report
// says the charge is disputed to the customer, the owner and Nosh support, is not approved at once, and the
// owner's approval is a 409 saying why (in Spanish for a Spanish reader); the operator's order page shows
// the dispute and refuses a refund. Judged as the red team judged it: the card's refunded and disputed
// totals at the provider never pass what was captured. Every path's rules: lib/server/payments/dispute-refunds.test.ts.

const CHARGE_DISPUTED =
  "The card charge of this order is disputed with the card's bank: the bank decides what goes back to the card, so nothing more can be refunded to it";

/** The card's totals at the test provider (captured, refunded, held by a dispute not won), read in the servers' database. */
async function cardTotals(orderId: number) {
  return write(async (query) => {
    const [intent] = await query(
      `SELECT i."capturedCents", i."refundedCents", (SELECT COALESCE(SUM(d."amountCents"), 0) FROM "TestProviderDispute" d WHERE d."intentId" = i."id" AND d."status" <> 'won') AS "disputed"
       FROM "Payment" p JOIN "TestProviderIntent" i ON i."id" = p."intentId" WHERE p."orderId" = ? ORDER BY p."id" DESC LIMIT 1`,
      [orderId],
    );
    return { captured: Number(intent!.capturedCents), refunded: Number(intent!.refundedCents), disputed: Number(intent!.disputed) };
  });
}

test("a problem report after a disputed charge: it says so everywhere, its approval is refused, and the card never gets back more than was charged", async ({
  baseURL,
  customer,
  owner,
}) => {
  // The dispute's webhook is awaited (sent by the server's job a few seconds after the capture).
  test.setTimeout(120_000);
  const nia = await signUpOperator(baseURL!);
  const { order, dispute } = await disputedOrder(customer.client, owner, nia);
  expect((await owner.client.put(`/api/manage/${owner.restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
  const cents = Math.round(order.totalCost * 100);

  // The customer reports the dish missing: the report says the charge is disputed, and waits (no refund at once).
  const { items } = await (await customer.client.get(`/api/orders/${order.id}/problems`)).json();
  const sent = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: items[0].orderItemId, quantity: 1, reason: "missing" }] });
  expect(sent.status()).toBe(201);
  const { problem } = await sent.json();
  expect(problem).toMatchObject({ status: "pending", chargeDispute: "needs_response", refund: null });

  // The owner's list says so too; approving is refused with the reason, in the reader's language; nothing changes.
  const listed = (await (await owner.client.get(`/api/manage/${owner.restaurant.id}/problems`)).json()).problems;
  expect(listed.find((row: { id: number }) => row.id === problem.id)).toMatchObject({ chargeDispute: "needs_response" });
  const decide = `/api/manage/${owner.restaurant.id}/problems/${problem.id}/decision`;
  const approved = await owner.client.post(decide, { decision: "approve_all" });
  expect(approved.status()).toBe(409);
  expect((await approved.json()).message).toBe(CHARGE_DISPUTED);
  const spanish = await owner.client.post(decide, { decision: "approve_all" }, { "Accept-Language": "es" });
  expect(spanish.status()).toBe(409);
  expect((await spanish.json()).message).toMatch(/^El cargo de la tarjeta de este pedido está en disputa/);

  // The operator's order page shows the dispute, nothing left to refund; a refund is refused.
  const detail = (await (await nia.client.get(`/api/admin/orders/${order.id}`)).json()).order;
  expect(detail).toMatchObject({
    refundable: 0,
    can: { refund: false },
    dispute: { id: dispute.id, status: "needs_response", amount: order.totalCost },
  });
  const refund = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: "5.00", reason: "Missing dish" });
  expect(refund.status()).toBe(409);
  expect((await refund.json()).message).toBe(CHARGE_DISPUTED);

  // The owner declines instead; the card's totals at the provider: the whole charge disputed, nothing refunded on top.
  expect((await owner.client.post(decide, { decision: "decline", reason: "Your bank is refunding the charge" })).status()).toBe(200);
  const card = await cardTotals(order.id);
  expect(card).toEqual({ captured: cents, refunded: 0, disputed: cents });
  const payment = (await (await customer.client.get(`/api/orders/${order.id}/payment`)).json()).payment;
  expect(payment).toMatchObject({ refunded: 0, dispute: { status: "needs_response", amount: order.totalCost } });
});
