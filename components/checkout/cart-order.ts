"use client";
import { cartIdKey } from "@/lib/client/cart-id";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import type { CartItem, CartOwner } from "@/lib/shared/orders/cart";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { checkoutCartOf, lineBody, newIdempotencyKey, orderable, storeCurrentOrder, takeResumeLines, type OrderLineBody } from "./current-order";

// Orders made for checkout from the cart (the cart panel's Checkout) or made again (a checkout whose order was removed elsewhere), and the cart's
// identity (one cart, one order). Not in /checkout's first-load JavaScript: the page loads this
// module only on those paths, the cart panel and the form with their own chunks.

/** A cart line as POST /api/orders/ reads it: the server prices the options again from the menu. */
export function cartOrderLine(line: CartItem): OrderLineBody {
  return { menu_item_id: line.id, quantity: line.quantity, options: (line.options ?? []).map((option) => option.id), instructions: line.instructions ?? undefined };
}

/**
 * The Active order checkout shows: the stored one as the server has it now; else one for the
 * lines this tab's reload left (its unload removed the order), or the stored one made again when
 * it was removed meanwhile (left in another tab or on another device); null with none of those:
 * checkout then goes to /orders. A missing current order is not made from the cart (spec section
 * 4: "A missing current order at checkout sends the user to /orders"): after "Back to store" or
 * Back, /checkout typed or Forward goes to /orders; the cart panel's Checkout makes the order.
 */
export async function orderToCheck(stored: OrderJson | null): Promise<OrderJson | null> {
  const found = stored && (await api<OrderJson>(`/api/orders/${stored.id}`).catch(gone));
  if (found?.status === "Active") return found;
  const resume = stored ? null : takeResumeLines();
  const resumed = resume && (await createCheckoutOrder(resume.restaurantId, resume.items, resume.cartId).catch(() => null));
  if (resumed) return resumed;
  return stored && !found && Array.isArray(stored.orderItems) ? recreateOrder(stored) : null;
}

/** An order that is gone (removed elsewhere) or not this visitor's reads as none; other failures stand. */
function gone(error: unknown): null {
  const { status } = parseApiError(error);
  if (status === 404 || status === 403) return null;
  throw error;
}

/**
 * POST /api/orders/ for these lines: the Active order checkout shows, stored as the current order.
 * With the cart's identity, the cart's one Active order: the server answers the one it made for
 * this cart while the lines are the same, and replaces it otherwise (lib/server/orders/cart-order.ts),
 * so a leave whose DELETE was lost (a reload, a closed tab) leaves no second order behind.
 */
export async function createCheckoutOrder(restaurantId: number, items: OrderLineBody[], cartId?: string): Promise<OrderJson> {
  const order = await api<OrderJson>("/api/orders/", { method: "POST", body: { restaurant_id: restaurantId, items, ...(cartId ? { cartId } : {}) } });
  storeCurrentOrder(order, cartId);
  return order;
}

/**
 * The same lines again as a new Active order: a checkout whose order was removed meanwhile (left in
 * another tab or on another device) recovers with it rather than failing. Null when nothing of it can be ordered.
 */
export function recreateOrder(order: OrderJson): Promise<OrderJson> | null {
  const items = order.orderItems.filter(orderable).map(lineBody);
  return order.restaurantId !== null && items.length ? createCheckoutOrder(order.restaurantId, items, checkoutCartOf(order.id)) : null;
}

/** The cart's identity (lib/client/cart-id.ts), made on first use. */
export function ensureCartId(owner: CartOwner): string {
  const existing = localStorage.getItem(cartIdKey(owner));
  if (existing) return existing;
  const made = newIdempotencyKey();
  localStorage.setItem(cartIdKey(owner), made);
  return made;
}
