import { expect, test } from "../fixtures";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { buttonsOf, headings, redirectOf, textOf } from "../support/html";
import { createOrder, placeOrder as place, standardWallet, submitOrder, walletOf } from "../support/orders";
import { createItem, createRestaurant, signUpOwner, type ItemJson } from "../support/owner";

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

test.describe("the kitchen ticket page /restaurants/{id}/tickets/{orderId}", () => {
  test("the owner's: number, time in the restaurant's zone, pickup or delivery, each line with its choices and instructions, the first name only; anyone else's is the 404 page", async ({
    baseURL,
    owner,
  }) => {
    const { client: customer } = await signUpCustomer(baseURL!, { name: "Grace Hopper" });
    const dish = (await createItem(owner.client, owner.restaurant.id, {
      name: "Margherita",
      price: 12,
      allows_instructions: true,
      option_groups: [
        {
          name: "Size",
          required: true,
          min_choices: 1,
          max_choices: 1,
          options: [
            { name: "Small", price_delta: 0 },
            { name: "Large", price_delta: 3.5 },
          ],
        },
      ],
    })) as ItemJson & { optionGroups: { options: { id: number }[] }[] };
    const created = await customer.post("/api/orders/", {
      restaurant_id: owner.restaurant.id,
      items: [
        { menu_item_id: dish.id, quantity: 2, options: [dish.optionGroups[0]!.options[1]!.id], instructions: "Well done, please" },
        { menu_item_id: owner.item.id, quantity: 1 },
      ],
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = await submitOrder(customer, (await created.json()).id, { ...standardWallet, deliveryOption: "pickup" });
    const path = `/restaurants/${owner.restaurant.id}/tickets/${order.id}`;

    const response = await owner.client.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(headings(html)).toEqual([`Order #${order.id}`]);
    const ticket = textOf(/<article\b[^>]*data-print-view[^>]*>([\s\S]*?)<\/article>/.exec(html)![1]!);
    expect(ticket).toContain("Pickup");
    expect(ticket).toContain("For Grace");
    expect(ticket).not.toContain("Hopper");
    expect(ticket).toContain(`Placed ${formatShortDateTime(order.submittedAt as string, "America/Los_Angeles")}`);
    expect(ticket).toContain("2 × Margherita + Large Note: “Well done, please”");
    expect(ticket).toContain(`1 × ${owner.item.name}`);
    expect(ticket).toContain("3 items");
    expect(buttonsOf(html)).toContain("Print ticket");

    // Another owner, the customer who ordered, and the owner asking for it under another of their restaurants: the 404 page.
    const other = await signUpOwner(baseURL!);
    for (const [client, url] of [
      [other.client, path],
      [customer, path],
      [owner.client, `/restaurants/${(await createRestaurant(owner.client)).id}/tickets/${order.id}`],
      [owner.client, `/restaurants/${owner.restaurant.id}/tickets/999999`],
      [owner.client, `/restaurants/${owner.restaurant.id}/tickets/abc`],
    ] as const) {
      const refused = await client.get(url);
      expect(refused.status(), url).toBe(404);
      expect(await refused.text(), url).not.toContain("Well done, please");
    }
    // Signed out: the sign-in page.
    const { to } = await redirectOf((await newClient(baseURL!)).ctx, path);
    expect(to).toBe("/login");
  });
});
