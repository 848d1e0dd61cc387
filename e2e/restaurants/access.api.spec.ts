import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { placeOrder, standardCard, walletOf } from "../support/orders";
import { itemBody, restaurantBody, signUpOwner } from "../support/owner";

// Who may call the owner endpoints, and what a hard delete takes away and what it keeps.

type Call = [method: "get" | "post" | "put" | "del", url: string, body?: unknown];

function ownerCalls(restaurantId: number, itemId: number, orderId = 1): Call[] {
  return [
    ["put", `/api/manage/${restaurantId}`, { name: "Zz Taken Over" }],
    ["del", `/api/manage/${restaurantId}?type=soft`],
    ["del", `/api/manage/${restaurantId}?type=hard`],
    ["put", `/api/manage/${restaurantId}/reactivate`],
    ["get", `/api/manage/${restaurantId}/menu`],
    ["get", `/api/manage/${restaurantId}/orders`],
    ["put", `/api/manage/${restaurantId}/orders/${orderId}`, { status: "Canceled" }],
    ["post", "/api/menu-items/", itemBody(restaurantId, { name: "Intruder Special" })],
    ["put", `/api/menu-items/${itemId}`, { price: 0.5, name: "Stolen" }],
    ["del", `/api/menu-items/${itemId}`],
  ];
}

async function send(client: Client, [method, url, body]: Call) {
  if (method === "get") return client.get(url);
  if (method === "del") return client.del(url);
  return client[method](url, body);
}

async function snapshot(client: Client, restaurantId: number) {
  const { restaurant } = await (await client.get(`/api/restaurants/${restaurantId}`)).json();
  const menu = await (await client.get(`/api/menu-items?restaurantId=${restaurantId}`)).json();
  return { restaurant, menu };
}

test.describe("owner endpoints refuse strangers", () => {
  test("anonymous callers get 401 everywhere", async ({ owner: { restaurant, item }, api: anonymous }) => {
    const calls: Call[] = [["get", "/api/manage/"], ["post", "/api/restaurants/", restaurantBody()], ...ownerCalls(restaurant.id, item.id)];
    for (const call of calls) expect((await send(anonymous, call)).status(), `${call[0]} ${call[1]}`).toBe(401);
  });

  test("a customer and the owner of another restaurant get 404, as if it did not exist, and nothing changes", async ({ baseURL, owner }) => {
    const before = await snapshot(owner.client, owner.restaurant.id);
    const rival = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    for (const stranger of [customer, rival.client]) {
      for (const call of ownerCalls(owner.restaurant.id, owner.item.id)) {
        const response = await send(stranger, call);
        expect(response.status(), `${call[0]} ${call[1]}`).toBe(404);
        expect(await response.text()).not.toContain(owner.restaurant.name);
      }
    }
    expect(await snapshot(owner.client, owner.restaurant.id)).toEqual(before);
    expect((await (await customer.get("/api/auth/")).json()).restaurantOwner).toBe(false);
  });

  test("an unknown id is the same 404, and a junk id a 400", async ({ owner: { client } }) => {
    expect((await client.put("/api/manage/999999", { name: "Zz Ghost" })).status()).toBe(404);
    expect((await client.put("/api/manage/abc", { name: "Zz Ghost" })).status()).toBe(400);
    expect((await client.put("/api/menu-items/999999", { price: 3 })).status()).toBe(404);
  });
});

test.describe("DELETE /api/manage/{id}?type=hard", () => {
  test("removes the restaurant, its menu, likes and reviews; customers' past orders keep their lines and totals", async ({
    owner: { client: owner, restaurant, item },
    customer: { client: customer },
  }) => {
    const submitted = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id, quantity: 2, submit: standardCard });
    expect((await owner.put(`/api/manage/${restaurant.id}/orders/${submitted.id}`, { status: "Completed" })).status()).toBe(200);
    expect((await customer.post(`/api/menu-items/${item.id}/like`)).status()).toBe(200);
    const review = { restaurant_id: restaurant.id, order_id: submitted.id, review: "Juicy burger", order_rating: 5, restaurant_rating: 4 };
    expect((await customer.post("/api/reviews/", review)).status()).toBe(201);
    expect((await (await customer.get(`/api/restaurants/${restaurant.id}`)).json()).restaurant.numReviews).toBe(1);

    const response = await owner.del(`/api/manage/${restaurant.id}?type=hard`);
    expect(response.status()).toBe(200);

    expect((await customer.get(`/api/restaurants/${restaurant.id}`)).status()).toBe(404);
    expect((await customer.get(`/api/menu-items/${item.id}`)).status()).toBe(404);
    expect(await (await customer.get(`/api/menu-items?restaurantId=${restaurant.id}`)).json()).toEqual([]);
    expect((await customer.get(`/api/reviews/restaurant/${restaurant.id}`)).status()).toBe(404);
    expect((await (await customer.get("/api/reviews/user")).json()).data).toEqual([]);
    expect(await (await customer.get("/api/favorites")).json()).toEqual([]);
    expect(await (await owner.get("/api/manage/")).json()).toEqual({ restaurants: [], hasMore: false, nextOffset: null });

    const kept = await (await customer.get(`/api/orders/${submitted.id}`)).json();
    expect(kept).toMatchObject({ status: "Completed", totalCost: submitted.totalCost, subtotal: 25, restaurantId: null, restaurant: { name: restaurant.name } });
    expect(kept.orderItems).toEqual([expect.objectContaining({ menu_item_id: null, menu_item_name: "House Burger", quantity: 2, price: 12.5 })]);
  });

  test("orders still waiting there are canceled and wallet payments refunded", async ({ owner: { client: owner, restaurant, item }, customer: { client: customer } }) => {
    const created = await placeOrder(customer, { restaurantId: restaurant.id, itemId: item.id });
    expect(await walletOf(customer)).toBeLessThan(999.99);
    expect((await owner.del(`/api/manage/${restaurant.id}?type=hard`)).status()).toBe(200);
    expect((await (await customer.get(`/api/orders/${created.id}`)).json()).status).toBe("Canceled");
    expect(await walletOf(customer)).toBe(999.99);
  });
});
