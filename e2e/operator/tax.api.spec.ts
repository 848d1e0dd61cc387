import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { createItem, createRestaurant } from "../support/owner";
import { placeOrder, standardWallet } from "../support/orders";
import { signUpOperator } from "../support/operator";
import { priceOrder } from "@/lib/shared/money/pricing";

// Sales tax over HTTP on the production build: an operator sets a rate for a
// jurisdiction (ZQ: a state no other spec's restaurant is in, so their totals stay the spec's), a
// restaurant there is taxed at the longest ZIP prefix in effect, the quote and the order JSON carry
// the tax apart from the unchanged serviceFee, bad input is a 400 naming the field, and only
// operators read or add rates and the report.

const cents = (dollars: number) => Math.round(dollars * 100);

test.describe("sales tax", () => {
  test("an operator's rate taxes a restaurant of its jurisdiction: quote and order JSON itemise it; the report counts it once delivered", async ({ baseURL }) => {
    const nia = await signUpOperator(baseURL!);
    // The report's days are the marketplace's (Los Angeles): a range around today's UTC date holds its today.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [day(-1), day(1)];
    // The state's rate, a longer prefix's, and one from a day years ahead (not yet).
    for (const body of [
      { state: "ZQ", rate: 5, effectiveOn: "2020-01-01" },
      { state: "ZQ", zipPrefix: "941", rate: "8.625", effectiveOn: "2020-01-01" },
      { state: "ZQ", zipPrefix: "941", rate: 12, effectiveOn: "2999-01-01" },
    ]) {
      expect((await nia.client.post("/api/admin/tax-rates", body)).status()).toBe(201);
    }
    const bad = await nia.client.post("/api/admin/tax-rates", { state: "zq", zipPrefix: "94a", rate: 8.6251, effectiveOn: "2026-02-30" });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["effectiveOn", "rate", "state", "zipPrefix"]);

    const owner = await signUpCustomer(baseURL!);
    const restaurant = await createRestaurant(owner.client, { state: "ZQ", zip: "94105" });
    const item = await createItem(owner.client, restaurant.id, { price: 12.5 });
    const { client } = await signUpCustomer(baseURL!);

    const quote = await client.post("/api/orders/quote", { restaurant_id: restaurant.id, items: [{ menu_item_id: item.id, quantity: 2 }], submit: standardWallet });
    expect(quote.status()).toBe(200);
    const spec = priceOrder(2_500, "standard", { percent: 15 });
    // 25.00 * 8.625% = 2.15625 -> 2.16, on the items; the service fee is the spec's 10 %.
    expect(await quote.json()).toMatchObject({ serviceFee: 2.5, tax: 2.16, taxRate: 8.625, taxesFees: false, total: (spec.totalCents + 216) / 100 });

    const order = await placeOrder(client, { restaurantId: restaurant.id, itemId: item.id, quantity: 2 });
    expect(order).toMatchObject({ serviceFee: 2.5, tax: 2.16, taxRate: 8.625, taxJurisdiction: "ZQ 941" });
    expect(cents(order.totalCost)).toBe(spec.totalCents + 216);
    expect(await (await client.get(`/api/orders/${order.id}`)).json()).toMatchObject({ tax: 2.16, totalCost: order.totalCost });

    // Delivered: the tax payable account takes it; the report and its CSV count it.
    expect((await owner.client.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Completed" })).status()).toBe(200);
    const report = await nia.client.get(`/api/admin/tax-report?from=${from}&to=${to}`);
    expect(report.status()).toBe(200);
    const row = (await report.json()).rows.find((r: { jurisdiction: string }) => r.jurisdiction === "ZQ 941");
    expect(row.collected).toBeGreaterThanOrEqual(2.16);
    const csv = await nia.client.get(`/api/admin/tax-report.csv?from=${from}&to=${to}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^jurisdiction,orders,taxable_sales,collected,refunded,net\r\n[\s\S]*ZQ 941,/);

    // The list: scheduled, current, and the state's rate, for operators only.
    const list = await (await nia.client.get("/api/admin/tax-rates?state=ZQ&limit=100")).json();
    expect(list.items.map((r: { jurisdiction: string; status: string }) => `${r.jurisdiction} ${r.status}`)).toEqual(
      expect.arrayContaining(["ZQ current", "ZQ 941 scheduled", "ZQ 941 current"]),
    );
    expect((await client.get("/api/admin/tax-rates")).status()).toBe(403);
    expect((await client.post("/api/admin/tax-rates", { state: "ZQ", rate: 1, effectiveOn: "2020-01-01" })).status()).toBe(403);
    expect((await client.get(`/api/admin/tax-report?from=${from}&to=${to}`)).status()).toBe(403);
  });
});
