import "server-only";
import type { Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { sqlOf, type Sql } from "../platform/sql";
import { cartKeyHolder, claimCartKey } from "./queries/cart";
import { said } from "@/lib/shared/words/said";

export const CART_ORDERED_MESSAGE = said("messages.cartOrdered");
/** Kept in IdempotencyKey (pruned with the other keys) under this scope: one row per cart, naming its order. */
const SCOPE = "orders.cart";

/**
 * One cart, one order: the browser's cart identity (lib/client/cart-id.ts) claimed for `orderId`
 * in the submit's transaction. A cart already claimed by another order is a 409 naming that order
 * ("as order #12"), so the second tab that opened checkout for the same cart is never charged; the
 * same order again (a retried submit) passes. INSERT ... ON CONFLICT DO NOTHING reads the same on
 * SQLite and PostgreSQL and never raises a unique violation (which would abort a PostgreSQL
 * transaction): a concurrent claim waits for the first to commit, then reads its row.
 */
/**
 * Before a checkout of the cart (its quote, its placement): a cart some order holds already is the
 * same 409 naming it. Checkout opened in two tabs for one cart shows one Active order
 * (cart-order.ts): once one tab placed it, the other's Place order is told so, with the order.
 */
export async function assertCartOpen(sql: Sql, userId: number, cartId: string): Promise<void> {
  const holder = await cartKeyHolder(sql, userId, SCOPE, cartId);
  if (holder) throw conflict(CART_ORDERED_MESSAGE, { cartId: said("rules.handlers.cartOrderedAs", { id: holder }) });
}

export async function claimCart(tx: Tx, userId: number, cartId: string, orderId: number, now = new Date()): Promise<void> {
  const holder = await claimCartKey(sqlOf(tx), userId, SCOPE, cartId, orderId, now);
  if (holder !== undefined && holder !== String(orderId)) {
    throw conflict(CART_ORDERED_MESSAGE, { cartId: said("rules.handlers.cartOrderedAs", { id: holder }) });
  }
}
