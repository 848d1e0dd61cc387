import "server-only";
import type { Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { claimCartKey } from "./queries/cart";

export const CART_ORDERED_MESSAGE = "This cart was just ordered";
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
export async function claimCart(tx: Tx, userId: number, cartId: string, orderId: number, now = new Date()): Promise<void> {
  const holder = await claimCartKey(sqlOf(tx), userId, SCOPE, cartId, orderId, now);
  if (holder !== undefined && holder !== String(orderId)) {
    throw conflict(CART_ORDERED_MESSAGE, { cartId: `${CART_ORDERED_MESSAGE} as order #${holder}` });
  }
}
