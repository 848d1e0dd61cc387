import type { RequestContext } from "./http-client";
import type { Client } from "./api";

// Orders for the e2e suite: the one way a test creates, submits and checks an order through
// the API (a Client, or pageClient(page) for a browser page's session).

export type MenuItem = { id: number; restaurantId: number; price: number; name: string };
export type OrderJson = { id: number; subtotal: number; totalCost: number; status: string; orderItems: Record<string, unknown>[] } & Record<string, unknown>;

export async function menuOf(request: RequestContext | Client, restaurantId: number): Promise<MenuItem[]> {
  const response = await request.get(`/api/menu-items?restaurantId=${restaurantId}`);
  return response.json();
}

/** The body of POST /api/orders/ for `quantity` x one dish. */
export const orderBody = (restaurantId: number, itemId: number, quantity = 1) => ({ restaurant_id: restaurantId, items: [{ menu_item_id: itemId, quantity }] });

export type OrderOptions = {
  /** Default 3 (a demo restaurant). */
  restaurantId?: number;
  /** Default: the restaurant's first dish. */
  itemId?: number;
  quantity?: number;
  /** Several lines instead of one dish. */
  items?: { menu_item_id: number; quantity: number }[];
  headers?: Record<string, string>;
};

/**
 * Creates an Active order (201 or it throws) of `quantity` x one dish and returns its JSON:
 * `createOrder(client, { restaurantId, itemId, quantity })`, or the short form
 * `createOrder(client, restaurantId, quantity, headers)` for the restaurant's first dish.
 */
export async function createOrder(client: Client, restaurant: number | OrderOptions = 3, quantity = 1, headers?: Record<string, string>): Promise<OrderJson> {
  const options = typeof restaurant === "number" ? { restaurantId: restaurant, quantity, headers } : restaurant;
  const restaurantId = options.restaurantId ?? 3;
  const body = options.items
    ? { restaurant_id: restaurantId, items: options.items }
    : orderBody(restaurantId, options.itemId ?? (await menuOf(client, restaurantId))[0]!.id, options.quantity ?? 1);
  const response = await client.post("/api/orders/", body, options.headers);
  if (response.status() !== 201) throw new Error(`order failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

export const standardWallet = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" } as const;
export const standardCard = { ...standardWallet, paymentMethod: "card" } as const;

/** Submits (pays) an Active order (200 or it throws); `body` defaults to standard delivery, 15% tip, the wallet. */
export async function submitOrder(client: Client, orderId: number, body: Record<string, unknown> = standardWallet): Promise<OrderJson> {
  const response = await client.put(`/api/orders/${orderId}/submit`, body);
  if (response.status() !== 200) throw new Error(`submit failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Creates and submits an order: `submit` is the payment body (default standardWallet). */
export async function placeOrder(client: Client, options: OrderOptions & { submit?: Record<string, unknown> } = {}): Promise<OrderJson> {
  const order = await createOrder(client, options);
  return submitOrder(client, order.id, options.submit);
}

export async function walletOf(client: Client): Promise<number> {
  return (await (await client.get("/api/auth/")).json()).wallet;
}

/** Sum of the caller's ledger, in cents. */
export async function ledgerSumCents(client: Client, userId: number): Promise<number> {
  let sum = 0;
  for (let offset = 0; ; offset += 100) {
    const { transactions } = await (await client.get(`/api/users/wallet/${userId}/transactions?limit=100&offset=${offset}`)).json();
    for (const t of transactions as { amount: number }[]) sum += Math.round(t.amount * 100);
    if (transactions.length < 100) return sum;
  }
}

/** The restaurant's owner accepts a placed order (200 or it throws): it then counts in the insights. */
export async function acceptOrder(owner: Client, restaurantId: number, orderId: number): Promise<void> {
  const response = await owner.post(`/api/manage/${restaurantId}/orders/${orderId}/stage`, { stage: "accepted", prepMinutes: 20 });
  if (response.status() !== 200) throw new Error(`accept failed: ${response.status()} ${await response.text()}`);
}

/** The owner takes the order through every step to delivered (Completed): what Rate on /orders waits for. */
export async function deliverOrder(owner: Client, restaurantId: number, orderId: number): Promise<void> {
  await acceptOrder(owner, restaurantId, orderId);
  for (const stage of ["ready", "out_for_delivery", "delivered"]) {
    const response = await owner.post(`/api/manage/${restaurantId}/orders/${orderId}/stage`, { stage });
    if (response.status() !== 200) throw new Error(`${stage} failed: ${response.status()} ${await response.text()}`);
  }
}
