import { parse } from "csv-parse/sync";
import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { acceptOrder, placeOrder, standardWallet } from "../support/orders";
import { createItem } from "../support/owner";

// GET /api/manage/{id}/exports/orders.csv and insights.csv: the owner's downloads of a range of
// the restaurant's days, streamed as attachments (docs/architecture/insights.md "Insights and exports").

/** The restaurant's date (its zone: America/Los_Angeles unless set), "YYYY-MM-DD", `days` from today. */
const localDay = (days = 0, timeZone = "America/Los_Angeles") => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() + days * 86_400_000));

type OrderRecord = Record<string, string>;
type ManagedOrder = { id: number; totalCost: number; status: string; orderItems: { id: number; name: string; quantity: number; unitPrice: number }[] };

test.describe("GET /api/manage/{id}/exports/orders.csv", () => {
  test("streams one record per order line of the range, matching the restaurant's orders row for row", async ({
    baseURL,
    owner: { client: owner, restaurant, item },
  }) => {
    // A dish whose name a spreadsheet would run as a formula, with a comma and quotes in it.
    const risky = await createItem(owner, restaurant.id, { name: '=HYPERLINK("x"), spicy' });
    const { client: customer } = await signUpCustomer(baseURL!);
    const card = { ...standardWallet, paymentMethod: "card" };
    await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 2 });
    await placeOrder(customer, {
      restaurantId: restaurant.id,
      items: [
        { menu_item_id: risky.id, quantity: 1 },
        { menu_item_id: item.id, quantity: 3 },
      ],
      submit: card,
    });

    const response = await owner.get(`/api/manage/${restaurant.id}/exports/orders.csv?from=${localDay(-1)}&to=${localDay(1)}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="nosh-\d+-orders-.+\.csv"$/);
    const text = await response.text();
    const records = parse(text, { columns: true }) as OrderRecord[];

    const orders = ((await (await owner.get(`/api/manage/${restaurant.id}/orders`)).json()).orders as ManagedOrder[]).toReversed();
    const expected = orders.flatMap((order) =>
      [...order.orderItems]
        .sort((a, b) => a.id - b.id)
        .map((line, index) => ({
          order_id: String(order.id),
          line_id: String(line.id),
          dish: line.name.startsWith("=") ? `'${line.name}` : line.name,
          quantity: String(line.quantity),
          unit_price: line.unitPrice.toFixed(2),
          line_total: (line.unitPrice * line.quantity).toFixed(2),
          // The order's total once, on its first line.
          order_total: index === 0 ? order.totalCost.toFixed(2) : "",
          status: order.status,
        })),
    );
    expect(
      records.map((r) => ({
        order_id: r.order_id,
        line_id: r.line_id,
        dish: r.dish,
        quantity: r.quantity,
        unit_price: r.unit_price,
        line_total: r.line_total,
        order_total: r.order_total,
        status: r.status,
      })),
    ).toEqual(expected);
    expect(records).toHaveLength(3);
    // Quoted because of the comma and quotes; defused because of the leading "=".
    expect(text).toContain(`"'=HYPERLINK(""x""), spicy"`);
    expect(records.map((r) => r.payment)).toEqual(["wallet", "card", "card"]);
    expect(records[0]!.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test("an empty range is the header alone", async ({ owner: { client: owner, restaurant } }) => {
    const response = await owner.get(`/api/manage/${restaurant.id}/exports/orders.csv?from=2020-01-01&to=2020-01-31`);
    expect(response.status()).toBe(200);
    expect((await response.text()).trim()).toBe(
      "order_id,submitted_at,status,stage,delivery,payment,group_host,line_id,dish,options,added_by,instructions,quantity,unit_price,line_total,order_subtotal,delivery_fee,priority_fee,service_fee,tip,order_total,refunded_quantity,order_refunded",
    );
  });

  for (const [query, field, message] of [
    ["from=2026-11-02&to=2026-11-01", "from", "from must be on or before to"],
    ["from=2025-01-01&to=2026-01-02", "to", "The range must be at most 366 days"],
    ["from=2026-02-30&to=2026-03-01", "from", "from must be a real calendar date"],
    ["from=yesterday&to=2026-03-01", "from", "from must be a date (YYYY-MM-DD)"],
    ["from=2026-03-01", "to", "to is required (YYYY-MM-DD)"],
  ] as const) {
    test(`refuses ${query} with a 400 naming ${field}`, async ({ owner: { client: owner, restaurant } }) => {
      const response = await owner.get(`/api/manage/${restaurant.id}/exports/orders.csv?${query}`);
      expect(response.status()).toBe(400);
      expect((await response.json()).errors).toMatchObject({ [field]: message });
    });
  }
});

test.describe("GET /api/manage/{id}/exports/insights.csv", () => {
  test("streams the range's figures as section,key,metric,value records; revenue is the accepted orders' food sales", async ({
    baseURL,
    owner: { client: owner, restaurant, item },
  }) => {
    const { client: customer } = await signUpCustomer(baseURL!);
    const first = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 2 });
    const second = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 1 });
    // Placed and never accepted: no sale yet.
    await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 5 });
    await acceptOrder(owner, restaurant.id, first.id);
    await acceptOrder(owner, restaurant.id, second.id);
    const response = await owner.get(`/api/manage/${restaurant.id}/exports/insights.csv?from=${localDay(-6)}&to=${localDay()}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="nosh-\d+-insights-.+\.csv"$/);
    const records = parse(await response.text(), { columns: true }) as { section: string; key: string; metric: string; value: string }[];
    const value = (section: string, metric: string, key?: string) =>
      records.find((r) => r.section === section && r.metric === metric && (key === undefined || r.key === key))?.value;
    expect(records.filter((r) => r.section === "day" && r.metric === "orders")).toHaveLength(7);
    expect(value("day", "orders", localDay())).toBe("2");
    expect(value("range", "orders")).toBe("2");
    // Food sales (subtotals), not what customers paid with fees and tip.
    expect(value("range", "revenue")).toBe((first.subtotal + second.subtotal).toFixed(2));
    expect(value("top_by_revenue", "revenue", item.name)).toBe((first.subtotal + second.subtotal).toFixed(2));
    expect(value("customers", "customers", "new")).toBe("1");
    expect(value("top_by_quantity", "quantity", item.name)).toBe("3");
  });
});
