import type { APIRequestContext } from "@playwright/test";
import type { Client } from "./api";

export type MenuItem = { id: number; restaurantId: number; price: number; name: string };

export async function menuOf(request: APIRequestContext | Client, restaurantId: number): Promise<MenuItem[]> {
  const response = await request.get(`/api/menu-items?restaurantId=${restaurantId}`);
  return response.json();
}

/** Creates an Active order of `quantity` x the restaurant's first item; returns its JSON. */
export async function createOrder(client: Client, restaurantId = 3, quantity = 1, headers?: Record<string, string>) {
  const [item] = await menuOf(client, restaurantId);
  const response = await client.post("/api/orders/", { restaurant_id: restaurantId, items: [{ menu_item_id: item!.id, quantity }] }, headers);
  if (response.status() !== 201) throw new Error(`order failed: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<{ id: number; subtotal: number; totalCost: number; status: string }>;
}

export const standardWallet = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" } as const;

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
