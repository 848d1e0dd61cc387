import { expect, test } from "../fixtures";
import { newClient, signUpCustomer } from "../support/api";
import { menuOf } from "../support/orders";

test.describe("POST /api/orders/", () => {
  test("creates an Active order priced from the database, whatever the client sends", async ({ request, customer: { client } }) => {
    const [a, b] = await menuOf(request, 3);
    const response = await client.post("/api/orders/", {
      restaurant_id: 3,
      status: "Submitted",
      totalCost: 0.01,
      items: [
        { menu_item_id: a!.id, quantity: 2, priceCents: 1 },
        { menuItemId: b!.id, quantity: 1 },
      ],
    });
    expect(response.status()).toBe(201);
    const order = await response.json();
    const subtotal = Math.round((a!.price * 2 + b!.price) * 100) / 100;
    expect(order).toMatchObject({ status: "Active", restaurantId: 3, subtotal, totalCost: subtotal, restaurant: { id: 3 } });
    expect(order.orderItems).toEqual([
      expect.objectContaining({ menu_item_id: a!.id, menu_item_name: a!.name, quantity: 2, price: a!.price, restaurant_id: 3 }),
      expect.objectContaining({ menu_item_id: b!.id, quantity: 1, price: b!.price }),
    ]);
    const fetched = await client.get(`/api/orders/${order.id}`);
    expect(await fetched.json()).toEqual(order);
    expect((await (await client.get("/api/orders/")).json()).orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });

  test("a line that carries a price is a 400 naming it, not silently ignored (the menu prices every line)", async ({ request, customer: { client } }) => {
    const [a] = await menuOf(request, 3);
    const response = await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 1, price: 0.01 }] });
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ "items.0.price": "Send no price: every line is priced from the menu" });
    expect((await (await client.get("/api/orders/")).json()).orders).toEqual([]);
  });

  test("needs a signed-in user", async ({ baseURL, request }) => {
    const [a] = await menuOf(request, 3);
    const client = await newClient(baseURL!);
    expect((await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 1 }] })).status()).toBe(401);
  });

  test("refuses items of another restaurant, unknown items and restaurants", async ({ request, customer: { client } }) => {
    const [foreign] = await menuOf(request, 4);
    const refused = await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: foreign!.id, quantity: 1 }] });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toHaveProperty("items");
    expect((await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: 999999, quantity: 1 }] })).status()).toBe(400);
    expect((await client.post("/api/orders/", { restaurant_id: 999999, items: [{ menu_item_id: foreign!.id, quantity: 1 }] })).status()).toBe(404);
  });

  for (const [label, quantity] of [
    ["zero", 0],
    ["negative", -1],
    ["fractional", 1.5],
    ["huge", 100],
    ["text", "2"],
    ["missing", undefined],
  ] as const) {
    test(`a ${label} quantity is a 400 naming the field`, async ({ request, customer: { client } }) => {
      const [a] = await menuOf(request, 3);
      const response = await client.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity }] });
      expect(response.status()).toBe(400);
      expect(Object.keys((await response.json()).errors)[0]).toMatch(/^items\.0\.quantity$/);
      expect(await (await client.get("/api/orders/")).json()).toEqual({ orders: [] });
    });
  }

  test("an empty item list or a missing restaurant is a 400", async ({ customer: { client } }) => {
    const empty = await client.post("/api/orders/", { restaurant_id: 3, items: [] });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).errors).toHaveProperty("items");
    const noRestaurant = await client.post("/api/orders/", { items: [{ menu_item_id: 1, quantity: 1 }] });
    expect((await noRestaurant.json()).errors).toHaveProperty("restaurantId");
  });

  test("someone else's order is a 404, junk ids a 400", async ({ baseURL, request, customer: { client: owner } }) => {
    const { client: stranger } = await signUpCustomer(baseURL!);
    const [a] = await menuOf(request, 3);
    const order = await (await owner.post("/api/orders/", { restaurant_id: 3, items: [{ menu_item_id: a!.id, quantity: 1 }] })).json();
    const peek = await stranger.get(`/api/orders/${order.id}`);
    expect(peek.status()).toBe(404);
    expect(await peek.text()).not.toContain(a!.name);
    expect((await (await newClient(baseURL!)).get(`/api/orders/${order.id}`)).status()).toBe(401);
    expect((await owner.get("/api/orders/x1")).status()).toBe(400);
  });
});
