import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { signUpOperator } from "../support/operator";
import { signUpOwner } from "../support/owner";

// Memberships over HTTP (docs/architecture/membership.md), on the shared server: a plan's bad
// fields are a 400 naming each, nothing saved; a retired plan cannot be joined; a member's quote at
// the basket size has $0 delivery and the plan's share off the service fee, below it and for
// anyone else the spec's fees; cancelling an unused month refunds it and ends the membership.

test("an operator's plan refused by field, a member's quote free of delivery from the basket size only, a retired plan closed, an unused month refunded", async ({
  baseURL,
}) => {
  const nia = await signUpOperator(baseURL!);
  const name = `Nosh+ API ${Date.now().toString(36)}`;
  const body = { marketId: 1, name, price: 9.99, basket: 30, serviceFeeDiscountPercent: 50 };
  for (const [bad, field] of [
    [{ price: -1 }, "price"],
    [{ marketId: 999_999 }, "marketId"],
    [{ serviceFeeDiscountPercent: 101 }, "serviceFeeDiscountPercent"],
  ] as const) {
    const refused = await nia.client.post("/api/admin/membership-plans", { ...body, ...bad });
    expect(refused.status()).toBe(400);
    expect(Object.keys((await refused.json()).errors)).toEqual([field]);
  }
  const listed = async () => ((await (await nia.client.get("/api/admin/membership-plans")).json()).plans as { name: string }[]).filter((plan) => plan.name === name);
  expect(await listed()).toEqual([]);
  const created = await nia.client.post("/api/admin/membership-plans", body);
  expect(created.status()).toBe(201);
  const plan = await created.json();
  const retired = await (await nia.client.post("/api/admin/membership-plans", { ...body, name: `${name} old` })).json();
  expect((await nia.client.post(`/api/admin/membership-plans/${retired.id}/retire`)).status()).toBe(200);

  const shop = await signUpOwner(baseURL!);
  const quote = async (client: typeof nia.client, quantity: number) =>
    (
      await client.post("/api/orders/quote", {
        restaurantId: shop.restaurant.id,
        items: [{ menuItemId: shop.item.id, quantity }],
        submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" },
      })
    ).json();
  const customer = await signUpCustomer(baseURL!);
  await customer.client.put(`/api/users/${customer.user.id}`, { address: "200 Market St", city: "San Francisco", state: "CA", zip: "94105" });
  const closed = await customer.client.post("/api/membership", { planId: retired.id });
  expect(closed.status()).toBe(400);
  expect(Object.keys((await closed.json()).errors)).toEqual(["planId"]);
  // Before joining, and for anyone else: the spec's fees.
  expect(await quote(customer.client, 3)).toMatchObject({ deliveryFee: 6.49, serviceFee: 3.75, membership: null });
  const joined = await customer.client.post("/api/membership", { planId: plan.id }, { "Idempotency-Key": `join-${plan.id}` });
  expect(joined.status()).toBe(201);
  expect((await joined.json()).membership).toMatchObject({ status: "active", plan: { id: plan.id } });
  // $37.50 at a $30 basket: $0 delivery, half the service fee; $25.00 below it: the spec's.
  expect(await quote(customer.client, 3)).toMatchObject({ deliveryFee: 0, serviceFee: 1.88, membership: { delivery: 6.49, serviceFee: 1.87, saved: 8.36 } });
  expect(await quote(customer.client, 2)).toMatchObject({ deliveryFee: 6.49, serviceFee: 2.5, membership: null });

  const canceled = await customer.client.del("/api/membership");
  expect(canceled.status()).toBe(200);
  expect(await canceled.json()).toMatchObject({ membership: null, message: "Your membership is canceled and $9.99 is refunded to your card." });
  expect(await quote(customer.client, 3)).toMatchObject({ deliveryFee: 6.49, membership: null });
});
