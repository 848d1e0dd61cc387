import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { makeCourier, plantJob, rideTo } from "../support/couriers";
import { signUpOperator } from "../support/operator";
import { placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";

// Packed and sealed over HTTP (docs/architecture/problem-reports.md "Packed and sealed"): the
// kitchen ticks lines and counts bags, the courier confirms the count at pickup; a missing-item
// claim on a packed line picked up sealed waits for Nosh support with the trail (not approved at
// once), and the operator's decision, naming who pays, is taken once of parallel requests. The
// ledger's side (who gave what, posted once) is lib/server/problems/packed-sealed.test.ts.

/** An order of the owner's dish, placed by `customer`, with a courier at the restaurant (its job at pickup, the order accepted). */
async function atPickup(baseURL: string, owner: Awaited<ReturnType<typeof signUpOwner>>, customer: Client) {
  const order = await placeOrder(customer, { restaurantId: owner.restaurant.id, itemId: owner.item.id, quantity: 2 });
  const courier = await signUpCustomer(baseURL);
  await makeCourier(courier.user.id);
  const jobId = await plantJob(order.id, courier.user.id, "at_pickup");
  return { order, courier, jobId, line: order.orderItems[0]!.id };
}

test("the kitchen packs and counts the bags; a claim on a packed line picked up sealed waits for Nosh support, who decides once who pays", async ({
  baseURL,
  owner,
  customer,
}) => {
  const id = owner.restaurant.id;
  // Placed, not yet accepted: nothing to pack.
  const early = await placeOrder(customer.client, { restaurantId: id, itemId: owner.item.id });
  const notYet = await owner.client.put(`/api/manage/${id}/orders/${early.id}/packing`, { bags: 1 });
  expect(notYet.status()).toBe(409);

  const { order, courier, jobId, line } = await atPickup(baseURL!, owner, customer.client);
  const packing = `/api/manage/${id}/orders/${order.id}/packing`;
  expect(await (await owner.client.get(packing)).json()).toMatchObject({ bags: null, summary: null, lines: [{ orderItemId: line, packedAt: null }] });
  const bad = await owner.client.put(packing, { lines: [{ orderItemId: 999_999_999, packed: true }] });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).errors)).toEqual(["lines.0.orderItemId"]);
  expect((await owner.client.put(packing, { bags: 0 })).status()).toBe(400);
  const stranger = await signUpOwner(baseURL!);
  expect((await stranger.client.get(packing)).status()).toBe(404);
  const packed = await owner.client.put(packing, { lines: [{ orderItemId: line, packed: true }], bags: 2 });
  expect(packed.status()).toBe(200);
  const body = await packed.json();
  expect(body.summary).toMatch(/^packed 1\/1, .+, \d{1,2}:\d{2} (AM|PM)$/);
  expect(body).toMatchObject({ bags: 2, bagsConfirmed: null });

  // The courier counts the same 2 bags at pickup, then delivers.
  const move = (action: string, sent?: unknown) => courier.client.post(`/api/courier/jobs/${jobId}/${action}`, sent);
  expect((await move("picked-up", { bags: 21, handedOver: true })).status()).toBe(400);
  expect((await move("picked-up", { bags: 2, handedOver: true })).status()).toBe(200);
  await rideTo(courier.user.id, { lat: 50.01, lng: -147.7 });
  expect((await move("delivered")).status()).toBe(200);
  expect(await (await owner.client.get(packing)).json()).toMatchObject({ bags: 2, bagsConfirmed: 2 });

  // One of two missing: a small claim, which would be refunded at once; sealed, it waits with its trail.
  const claimed = await customer.client.post(`/api/orders/${order.id}/problems`, { lines: [{ orderItemId: line, quantity: 1, reason: "missing" }] });
  expect(claimed.status()).toBe(201);
  const { problem } = await claimed.json();
  expect(problem).toMatchObject({ status: "escalated", refund: null, sealed: { bags: 2, bagsConfirmed: 2, summary: body.summary } });
  // The owner is not asked.
  expect(((await (await owner.client.get(`/api/manage/${id}/problems?status=open`)).json()).problems as { id: number }[]).map((p) => p.id)).not.toContain(problem.id);

  const operators = await Promise.all([signUpOperator(baseURL!), signUpOperator(baseURL!), signUpOperator(baseURL!)]);
  const listed = (await (await operators[0]!.client.get("/api/admin/problems")).json()).problems.find((p: { id: number }) => p.id === problem.id);
  expect(listed).toMatchObject({ sealed: { summary: body.summary } });
  const refused = await operators[0]!.client.post(`/api/admin/problems/${problem.id}/decision`, { decision: "decline", reason: "x", chargeTo: "courier" });
  expect(refused.status()).toBe(400);
  expect(Object.keys((await refused.json()).errors)).toEqual(["chargeTo"]);
  const answers = await Promise.all(
    operators.map((operator) => operator.client.post(`/api/admin/problems/${problem.id}/decision`, { decision: "approve_all", chargeTo: "courier" })),
  );
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409, 409]);
  const decided = (await answers.find((answer) => answer.status() === 200)!.json()).problem;
  expect(decided).toMatchObject({ status: "approved", chargedTo: "courier", decidedBy: "operator" });
  expect(decided.refund.amount).toBeGreaterThan(0);
});
