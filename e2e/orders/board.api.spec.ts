import { expect, test } from "../fixtures";
import { signUpCustomer, type Client } from "../support/api";
import { createOrder, placeOrder as place, standardWallet, walletOf } from "../support/orders";
import { signUpOwner } from "../support/owner";

// The restaurant's queue: submitted orders in, Completed or Canceled out, refunds exactly once.

type Payment = "wallet" | "card";

const placeOrder = (customer: Client, restaurantId: number, itemId: number, paymentMethod: Payment = "wallet", quantity = 1) =>
  place(customer, { restaurantId, itemId, quantity, submit: { ...standardWallet, paymentMethod } });

const queue = async (owner: Client, restaurantId: number) =>
  (await (await owner.get(`/api/manage/${restaurantId}/orders`)).json()).orders as { id: number; status: string; customer: { firstName: string } }[];

test.describe("GET /api/manage/{id}/orders", () => {
  test("lists the restaurant's submitted orders, newest first, with lines and the customer's first name", async ({
    baseURL,
    owner: { client: owner, restaurant, item },
  }) => {
    const { client: customer } = await signUpCustomer(baseURL!, { name: "Grace Hopper" });
    const older = await placeOrder(customer, restaurant.id, item.id, "card");
    const newer = await placeOrder(customer, restaurant.id, item.id, "wallet", 2);
    await createOrder(customer, { restaurantId: restaurant.id, itemId: item.id });

    const orders = await queue(owner, restaurant.id);
    expect(orders.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(orders[0]).toMatchObject({
      status: "Submitted",
      totalCost: newer.totalCost,
      paymentMethod: "wallet",
      customer: { firstName: "Grace" },
      orderItems: [expect.objectContaining({ menu_item_name: "House Burger", quantity: 2 })],
    });
    expect(JSON.stringify(orders)).not.toContain("Hopper");
    expect((await (await owner.get(`/api/manage/${restaurant.id}/orders?limit=1&offset=1`)).json()).orders.map((o: { id: number }) => o.id)).toEqual([older.id]);
  });
});

test.describe("PUT /api/manage/{id}/orders/{orderId}", () => {
  test("complete: the order leaves the queue and the customer sees it Completed; a second close is a 409", async ({
    owner: { client: owner, restaurant, item },
    customer: { client: customer },
  }) => {
    const order = await placeOrder(customer, restaurant.id, item.id);
    const wallet = await walletOf(customer);
    const response = await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Completed" });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ id: order.id, status: "Completed" });
    expect(await queue(owner, restaurant.id)).toEqual([]);
    expect((await (await customer.get(`/api/orders/${order.id}`)).json()).status).toBe("Completed");
    const again = await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Canceled" });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe("Only a submitted order can be completed or canceled");
    expect(await walletOf(customer)).toBe(wallet);
  });

  test("cancel refunds a wallet payment once, with a ledger row; a second cancel is a 409 and refunds nothing", async ({
    owner: { client: owner, restaurant, item },
    customer: { client: customer, user },
  }) => {
    const order = await placeOrder(customer, restaurant.id, item.id, "wallet", 3);
    expect(await walletOf(customer)).toBe(Math.round((999.99 - order.totalCost) * 100) / 100);

    const response = await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Canceled" });
    expect(response.status()).toBe(200);
    expect((await response.json()).status).toBe("Canceled");
    expect(await walletOf(customer)).toBe(999.99);

    expect((await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Canceled" })).status()).toBe(409);
    expect((await customer.put(`/api/orders/${order.id}/cancel`)).status()).toBe(409);
    expect(await walletOf(customer)).toBe(999.99);
    const { transactions } = await (await customer.get(`/api/users/wallet/${user.id}/transactions`)).json();
    const refunds = (transactions as { kind: string; amount: number; orderId: number | null }[]).filter((t) => t.kind === "refund");
    expect(refunds).toEqual([expect.objectContaining({ amount: order.totalCost, orderId: order.id })]);
  });

  test("canceling a card order moves no wallet money", async ({ owner: { client: owner, restaurant, item }, customer: { client: customer } }) => {
    const order = await placeOrder(customer, restaurant.id, item.id, "card");
    expect((await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status: "Canceled" })).status()).toBe(200);
    expect(await walletOf(customer)).toBe(999.99);
  });

  test("only Completed or Canceled; an order not yet submitted is a 409; another restaurant's order a 404", async ({
    baseURL,
    owner: { client: owner, restaurant, item },
  }) => {
    const rival = await signUpOwner(baseURL!);
    const { client: customer } = await signUpCustomer(baseURL!);
    const order = await placeOrder(customer, restaurant.id, item.id);
    for (const status of ["Active", "Submitted", "done", undefined]) {
      const bad = await owner.put(`/api/manage/${restaurant.id}/orders/${order.id}`, { status });
      expect(bad.status(), String(status)).toBe(400);
      expect((await bad.json()).errors).toHaveProperty("status");
    }
    const active = await createOrder(customer, { restaurantId: restaurant.id, itemId: item.id });
    expect((await owner.put(`/api/manage/${restaurant.id}/orders/${active.id}`, { status: "Completed" })).status()).toBe(409);
    expect((await rival.client.put(`/api/manage/${rival.restaurant.id}/orders/${order.id}`, { status: "Canceled" })).status()).toBe(404);
    expect((await (await customer.get(`/api/orders/${order.id}`)).json()).status).toBe("Submitted");
    expect((await (await customer.get(`/api/orders/${active.id}`)).json()).status).toBe("Active");
  });
});

test.describe("GET /api/manage/{id}/board", () => {
  test("a board with more than one page of open orders reaches every one of them: ?offset= pages on, openCounts counts them all", async ({
    baseURL,
    owner: { client: owner, restaurant, item },
    customer: { client: customer },
  }) => {
    // Two customers: one account may have three orders waiting at a restaurant (OPEN_ORDER_LIMITS).
    const another = (await signUpCustomer(baseURL!)).client;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await placeOrder(i < 3 ? customer : another, restaurant.id, item.id)).id);
    const pageAt = async (offset: number) => {
      const response = await owner.get(`/api/manage/${restaurant.id}/board?limit=2&offset=${offset}`);
      expect(response.status()).toBe(200);
      return response.json() as Promise<{ orders: { id: number }[]; openCounts: Record<string, number> }>;
    };
    const pages = await Promise.all([0, 2, 4].map(pageAt));
    expect(pages.flatMap((page) => page.orders.map((o) => o.id))).toEqual(ids);
    expect(pages[0]!.openCounts).toEqual({ placed: 5, accepted: 0, ready: 0, out_for_delivery: 0 });
    // Without paging the board reads its first page (100), oldest first.
    expect((await (await owner.get(`/api/manage/${restaurant.id}/board`)).json()).orders.map((o: { id: number }) => o.id)).toEqual(ids);
    const bad = await owner.get(`/api/manage/${restaurant.id}/board?limit=101`);
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("limit");
  });
});
