import "server-only";
import { config } from "../platform/config";
import { ApiError } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import type { Sql } from "../platform/sql";
import { lockAccountRow, placedOrderCounts } from "./queries/placement";
import { said } from "@/lib/shared/words/said";

export const OPEN_ORDER_SAID = {
  account: (limit: number) => said("messages.openOrders", { count: limit }),
  restaurant: (limit: number, restaurant: string) => said("messages.openOrdersAt", { count: limit, restaurant: restaurant }),
} as const;

/** How long a refused customer is told to wait: about when the oldest waiting order is accepted or expires. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Refuses (429 with Retry-After; the transaction rolls back, so nothing is written) an order
 * beyond the account's open ones: placed and not yet accepted, whatever they are paid with, at most `openOrders.perAccount` in all and
 * `openOrders.perRestaurant` at this restaurant (config: MAX_OPEN_ORDERS, 5, and
 * MAX_OPEN_ORDERS_PER_RESTAURANT, 3). Only what this account placed counts: another account's
 * orders, to the same address or not, never hold it back. Card checkout charges nothing and every
 * signup's wallet holds $999.99, so without it one account placed thousands of orders in seconds
 * at another owner's restaurant and buried the real ones on the board.
 *
 * In the placement's transaction, just after the order (`orderId`, not counted) was written placed:
 * a refusal rolls it back with everything else. The account's row is locked after the order's,
 * the order every checkout and the account's deletion take their rows in (the order or group,
 * then the account), so none of them deadlock on PostgreSQL. SQLite's write transactions run one
 * at a time (BEGIN IMMEDIATE), so the count sees every earlier placement; on PostgreSQL the
 * account's row is locked before counting (FOR NO KEY UPDATE, as the wallet's debit would lock it;
 * it does not block an order's foreign key to it), so parallel placements by one account wait for
 * each other and each count, a statement of its own, sees the ones committed before it (READ COMMITTED).
 */
export async function assertOpenOrderRoom(sql: Sql, user: SessionUser, restaurant: { id: number; name: string }, orderId: number): Promise<void> {
  // The lock is taken with the caps off too: the first-order promotion counts under it (promotions/apply.ts redeem).
  if (config().databaseProvider === "postgresql") await lockAccountRow(sql, user.id);
  const { perAccount, perRestaurant } = config().openOrders;
  if (!perAccount && !perRestaurant) return;
  const { mine, here } = await placedOrderCounts(sql, user.id, restaurant.id, orderId);
  const message =
    perAccount && mine >= perAccount
      ? OPEN_ORDER_SAID.account(perAccount)
      : perRestaurant && here >= perRestaurant
        ? OPEN_ORDER_SAID.restaurant(perRestaurant, restaurant.name)
        : null;
  if (message) throw new ApiError("too_many_requests", message, undefined, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}
