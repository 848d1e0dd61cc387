"use client";
import { CHECKOUT_ORDER_COOKIE, STORAGE_KEYS } from "@/lib/shared/constants";
import { api } from "@/lib/client/api";
import type { OrderJson } from "@/lib/server/orders/to-json";

// The order at checkout lives in localStorage under `currentOrder`: the cart
// panel, Reorder and "Continue checkout" store it, the checkout page reads and clears it. Its id
// goes in a cookie beside it (CHECKOUT_ORDER_COOKIE), which /checkout's server render reads to
// show the order in the page's HTML; the server checks it is the visitor's own Active order.

/** Lines of an order abandoned by a page unload, so a reload of /checkout can start it again. */
const RESUME_KEY = "checkoutResume";
/** What changed since a reordered order, shown once at checkout. */
const REORDER_NOTICE_KEY = "reorderNotice";

/** A reordered line whose choices changed (`added` false: left out): the checkout offers to choose again. */
export type ChooseAgain = { menuItemId: number; name: string; message: string; added: boolean };

/** One line of POST /api/orders/: the dish, how many, the chosen option ids and the instructions. */
export type OrderLineBody = { menu_item_id: number; quantity: number; options?: number[]; instructions?: string | null };
/** `cartId`: the cart the abandoned order was made for, so the order made again is still that cart's one. */
export type ResumeLines = { restaurantId: number; items: OrderLineBody[]; cartId?: string };

type Line = OrderJson["orderItems"][number];

/**
 * An order's line as POST /api/orders/ takes it again (a replacement order, a resumed checkout):
 * the same dish, quantity, options (those still on the menu: a removed one has no id left) and
 * instructions. The server prices it again.
 */
export function lineBody(line: Line & { menu_item_id: number }): OrderLineBody {
  const options = line.options.flatMap((option) => (option.optionId === null ? [] : [option.optionId]));
  return {
    menu_item_id: line.menu_item_id,
    quantity: line.quantity,
    ...(options.length ? { options } : {}),
    ...(line.instructions ? { instructions: line.instructions } : {}),
  };
}

export const orderable = (line: Line): line is Line & { menu_item_id: number } => line.menu_item_id !== null;

function read<T>(store: Storage, key: string): T | null {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function readCurrentOrder(): OrderJson | null {
  const order = read<OrderJson>(localStorage, STORAGE_KEYS.currentOrder);
  return order && typeof order.id === "number" ? order : null;
}

/** A day: an order left at checkout longer than that is loaded by the browser, as before. */
const CHECKOUT_COOKIE_SECONDS = 24 * 60 * 60;

/** Which cart (its identity) the stored order was made for: `{ orderId, cartId }`. */
const CHECKOUT_CART_KEY = "checkoutCart";

/** Stores the order at checkout; `cartId`: the cart it was made for (kept while the same order stays stored). */
export function storeCurrentOrder(order: Pick<OrderJson, "id">, cartId?: string): void {
  localStorage.setItem(STORAGE_KEYS.currentOrder, JSON.stringify(order));
  if (cartId) localStorage.setItem(CHECKOUT_CART_KEY, JSON.stringify({ orderId: order.id, cartId }));
  document.cookie = `${CHECKOUT_ORDER_COOKIE}=${order.id}; path=/; max-age=${CHECKOUT_COOKIE_SECONDS}; samesite=lax`;
}

/** The cart the order `orderId` was made for, when it was made from the cart. */
export function checkoutCartOf(orderId: number): string | undefined {
  const saved = read<{ orderId: number; cartId: string }>(localStorage, CHECKOUT_CART_KEY);
  return saved?.orderId === orderId ? saved.cartId : undefined;
}

/** Clears the stored order; with `orderId`, only while it is still that one (another tab may have stored its own since). */
export function clearCurrentOrder(orderId?: number): void {
  if (orderId !== undefined && readCurrentOrder()?.id !== orderId) return;
  localStorage.removeItem(STORAGE_KEYS.currentOrder);
  document.cookie = `${CHECKOUT_ORDER_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** Kept in sessionStorage: it survives a reload of this tab, never reaches another tab. */
export function rememberForResume(order: OrderJson): void {
  if (order.restaurantId === null) return;
  const cartId = checkoutCartOf(order.id);
  const lines: ResumeLines = {
    restaurantId: order.restaurantId,
    items: order.orderItems.filter(orderable).map(lineBody),
    ...(cartId ? { cartId } : {}),
  };
  sessionStorage.setItem(RESUME_KEY, JSON.stringify(lines));
}

export function takeResumeLines(): ResumeLines | null {
  const lines = read<ResumeLines>(sessionStorage, RESUME_KEY);
  sessionStorage.removeItem(RESUME_KEY);
  return lines?.items?.length ? lines : null;
}

export function storeReorderNotice(orderId: number, notice: string | null, chooseAgain: ChooseAgain[] = []): void {
  sessionStorage.setItem(REORDER_NOTICE_KEY, JSON.stringify({ orderId, notice, chooseAgain }));
}

/** The notice of the reorder that made this order, and its lines to choose again (until chosen). */
export function readReorderNotice(orderId: number): { notice: string | null; chooseAgain: ChooseAgain[] } | null {
  const saved = read<{ orderId: number; notice: string | null; chooseAgain?: ChooseAgain[] }>(sessionStorage, REORDER_NOTICE_KEY);
  return saved?.orderId === orderId ? { notice: saved.notice, chooseAgain: saved.chooseAgain ?? [] } : null;
}

export function clearReorderNotice(): void {
  sessionStorage.removeItem(REORDER_NOTICE_KEY);
}

/**
 * DELETE /api/orders/{id}, fire-and-forget, through api() like every other call (the XSRF
 * header, and its retry after a stale token). `keepalive` lets the request outlive the page
 * (pagehide, navigation); navigator.sendBeacon would, but cannot carry the XSRF header.
 */
export function abandonOrder(orderId: number): void {
  void api(`/api/orders/${orderId}`, { method: "DELETE", keepalive: true }).catch(() => undefined);
}

/** A v4 UUID for Idempotency-Key; randomUUID needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
