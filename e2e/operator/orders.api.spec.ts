import { expect, test } from "../fixtures";
import { walletOf } from "../support/orders";
import { makeOperator } from "../support/couriers";
import { stuckOrder } from "../support/operator";

// The operator's orders over HTTP (docs/architecture/operator.md "Orders"): an order out for
// delivery 51 minutes with no courier and no job is listed under "needs attention" with why,
// found by the customer's email and the restaurant's name, opened (timeline, ledger, what is left
// to refund), refunded in part (never beyond what came in, the field named), then canceled with
// the rest refunded, each in the audit log. Nobody else may read or act on it.

test.describe("operator orders API", () => {
  test("a stuck order: needs attention, found, opened, refunded in part, canceled; each audited", async ({ baseURL }) => {
    const { nia, owner, restaurant, customer, order } = await stuckOrder(baseURL!);

    const attention = await (await nia.client.get(`/api/admin/orders?attention=1&q=${encodeURIComponent(restaurant.name)}`)).json();
    expect(attention.items).toMatchObject([{ id: order.id, stage: "out_for_delivery", attention: { reason: "Out for delivery with no courier" } }]);
    const byEmail = await (await nia.client.get(`/api/admin/orders?q=${encodeURIComponent(customer.email)}`)).json();
    expect(byEmail.items.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byRestaurant = await (await nia.client.get(`/api/admin/orders?restaurantId=${restaurant.id}&stage=out_for_delivery`)).json();
    expect(byRestaurant.items.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await nia.client.get("/api/admin/orders?attention=yes")).status()).toBe(400);

    const detail = (await (await nia.client.get(`/api/admin/orders/${order.id}`)).json()).order;
    expect(detail).toMatchObject({
      id: order.id,
      stage: "out_for_delivery",
      attention: { reason: "Out for delivery with no courier" },
      can: { refund: true, cancel: true },
    });
    expect(detail.timeline.map((e: { stage: string }) => e.stage)).toEqual(expect.arrayContaining(["placed", "accepted", "ready", "out_for_delivery"]));
    expect(detail.ledger.map((e: { kind: string }) => e.kind)).toEqual(["payment"]);
    expect(detail.refundable).toBe(order.totalCost);

    // Nobody but an operator: the customer and the owner get a 403, and nothing moves.
    for (const client of [customer.client, owner.client]) {
      expect((await client.get(`/api/admin/orders/${order.id}`)).status()).toBe(403);
      expect((await client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: 1, reason: "Mine" })).status()).toBe(403);
    }
    expect((await nia.client.get("/api/admin/orders/999999999")).status()).toBe(404);

    const before = await walletOf(customer.client);
    const tooMuch = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: order.totalCost + 1, reason: "Too much" });
    expect(tooMuch.status()).toBe(400);
    expect((await tooMuch.json()).errors.amount).toContain("is left to refund on this order");
    const bad = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: "2.505", reason: "x" });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("amount");
    expect((await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: 2.5 })).status()).toBe(400);

    const refunded = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: 2.5, reason: "Cold after 51 minutes" });
    expect(refunded.status()).toBe(200);
    expect((await refunded.json()).order).toMatchObject({ id: order.id, action: "refund", amountCents: 250 });
    expect(await walletOf(customer.client)).toBeCloseTo(before + 2.5, 2);
    const after = (await (await nia.client.get(`/api/admin/orders/${order.id}`)).json()).order;
    expect(after.refundable).toBeCloseTo(order.totalCost - 2.5, 2);
    expect(after.ledger.map((e: { kind: string }) => e.kind)).toEqual(["payment", "refund"]);

    const canceled = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "cancel", reason: "Never arrived" });
    expect(canceled.status()).toBe(200);
    expect(await walletOf(customer.client)).toBeCloseTo(before + order.totalCost, 2);
    const mine = await (await customer.client.get(`/api/orders/${order.id}`)).json();
    expect(mine).toMatchObject({ stage: "canceled", status: "Canceled" });
    expect((await nia.client.post(`/api/admin/orders/${order.id}`, { action: "cancel", reason: "Twice" })).status()).toBe(409);
    const nothing = await nia.client.post(`/api/admin/orders/${order.id}`, { action: "refund", amount: 1, reason: "More" });
    expect(nothing.status()).toBe(409);
    expect((await nothing.json()).message).toBe("Nothing the customer paid on this order is left to refund");
    // Reassigning an order with no delivery job: 409.
    expect((await nia.client.post(`/api/admin/orders/${order.id}`, { action: "reassign", reason: "x" })).status()).toBe(409);

    const audit = await (await nia.client.get(`/api/admin/audit?targetType=order&targetId=${order.id}`)).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(["order.cancel", "order.refund"]);
  });

  test("an operator cannot act on an order they placed: 403, nothing changes", async ({ baseURL }) => {
    const { customer, order } = await stuckOrder(baseURL!, 1);
    await makeOperator(customer.user.id);
    const own = await customer.client.post(`/api/admin/orders/${order.id}`, { action: "cancel", reason: "Mine" });
    expect(own.status()).toBe(403);
    expect((await own.json()).message).toBe("Operators cannot act on an order they placed, one of their own restaurant, or one they deliver");
    expect((await (await customer.client.get(`/api/orders/${order.id}`)).json()).stage).toBe("out_for_delivery");
  });
});
