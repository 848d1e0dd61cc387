import { expect, test } from "@playwright/test";
import { signUpCustomer } from "../support/api";
import { signUpOperator } from "../support/operator";
import { signUpOwner } from "../support/owner";

// Cash at the door over HTTP (docs/architecture/ledger.md "Cash at the door"): checkout's cash refused with the field
// named and nothing placed (no bill, one below the total, a market without cash), the order's cash
// choice, a customer the operator limits to cards refused with a clear message, and the operator's
// bad input (a deposit beyond what a courier holds) named.

test("checkout's cash: refused beside cashBill or paymentMethod, nothing placed; the card-only limit; the operator's refusals named", async ({ baseURL }) => {
  const nia = await signUpOperator(baseURL!);
  const opened = await nia.client.post("/api/admin/markets", {
    code: `cash-api-${Date.now().toString(36)}`,
    name: "Cash API",
    currency: "MXN",
    timeZone: "America/Mexico_City",
  });
  const { market } = (await opened.json()) as { market: { id: number } };
  const owner = await signUpOwner(baseURL!);
  expect((await nia.client.put(`/api/admin/restaurants/${owner.restaurant.id}/market`, { marketId: market.id })).status()).toBe(200);
  const customer = await signUpCustomer(baseURL!);
  await customer.client.put(`/api/users/${customer.user.id}`, { address: "100 Market St", city: "San Francisco", state: "CA", zip: "94105" });
  const created = await customer.client.post("/api/orders/", { restaurant_id: owner.restaurant.id, items: [{ menu_item_id: owner.item.id, quantity: 1 }] });
  const orderId = ((await created.json()) as { id: number }).id;
  const submit = (body: Record<string, unknown>) =>
    customer.client.put(`/api/orders/${orderId}/submit`, { deliveryOption: "standard", tipPercent: 15, currency: "MXN", paymentMethod: "cash", ...body });
  const refused = async (body: Record<string, unknown>, field: string, message: string | RegExp) => {
    const answer = await submit(body);
    expect(answer.status()).toBe(400);
    const json = (await answer.json()) as { message: string; errors: Record<string, string> };
    expect(Object.keys(json.errors)).toEqual([field]);
    expect(json.errors[field]).toMatch(message);
  };

  expect(await (await customer.client.get(`/api/orders/${orderId}/cash`)).json()).toEqual({ cash: { available: false, cardOnly: false, currency: "MXN" } });
  await refused({ cashBill: 500 }, "paymentMethod", "Cash is not accepted in this market: pay by card or wallet.");
  const limits = await nia.client.put(`/api/admin/markets/${market.id}/cash`, { enabled: true, limit: -5 });
  expect(limits.status()).toBe(400);
  expect(Object.keys((await limits.json()).errors)).toEqual(["limit"]);
  expect((await nia.client.put(`/api/admin/markets/${market.id}/cash`, { enabled: true, limit: 2000 })).status()).toBe(200);
  expect((await (await customer.client.get(`/api/orders/${orderId}/cash`)).json()).cash.available).toBe(true);

  await refused({}, "cashBill", "Say which bill you will pay with: at least the total.");
  await refused({ cashBill: 1 }, "cashBill", /^The bill must be at least the total, MX\$\d+\.\d\d\.$/);
  await refused({ cashBill: -3 }, "cashBill", /cashBill/);
  expect((await nia.client.put(`/api/admin/users/${customer.user.id}/card-only`, { cardOnly: true })).status()).toBe(200);
  await refused({ cashBill: 500 }, "paymentMethod", /card or wallet only/);
  expect((await (await customer.client.get(`/api/orders/${orderId}/cash`)).json()).cash.cardOnly).toBe(true);
  // Still at checkout: nothing was placed.
  expect(((await (await customer.client.get(`/api/orders/${orderId}`)).json()) as { status: string }).status).toBe("Active");
  expect((await nia.client.put(`/api/admin/users/${customer.user.id}/card-only`, { cardOnly: false })).status()).toBe(200);
  const placed = await submit({ cashBill: 500 });
  expect(placed.status(), await placed.text()).toBe(200);
  expect(await placed.json()).toMatchObject({ paymentMethod: "cash", status: "Submitted" });

  // Another customer's order: 404. A deposit beyond what a courier holds: 409 naming amount.
  expect((await (await signUpCustomer(baseURL!)).client.get(`/api/orders/${orderId}/cash`)).status()).toBe(404);
  const deposit = await nia.client.post("/api/admin/cash/deposits", { courierId: customer.user.id, currency: "MXN", amount: 10, method: "bank" });
  expect(deposit.status()).toBe(409);
  expect(Object.keys((await deposit.json()).errors)).toEqual(["amount"]);
});
