import "server-only";
import { MAX_OPEN_CARD_ORDERS } from "@/lib/shared/constants";
import { ApiError } from "../platform/errors";
import type { SessionUser } from "../web/session";
import type { Sql } from "../platform/sql";

export const CARD_LIMIT_MESSAGES = {
  account: `You already have ${MAX_OPEN_CARD_ORDERS} card orders waiting for a restaurant to accept them. Place this one once one of them is accepted or canceled, or pay from your wallet.`,
  address: `${MAX_OPEN_CARD_ORDERS} card orders to this delivery address are already waiting for a restaurant to accept them. Place this one once one of them is accepted or canceled, or pay from your wallet.`,
} as const;

/** How long a refused customer is told to wait: about when the oldest waiting order is accepted or expires. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Refuses (429, nothing written) a card order beyond MAX_OPEN_CARD_ORDERS open ones: placed and
 * not yet accepted, of this account, or (a delivery) to this account's delivery address, whoever
 * placed them. Card checkout charges nothing, so without it one account placed 2,400 orders in
 * 7 s and buried every real order on the owner's board. Wallet orders pay and are not counted.
 * One statement, in the checkout's transaction (SQLite serializes them, so a burst counts
 * exactly). `field` names the payment method as the request sent it.
 */
export async function assertCardOrderRoom(sql: Sql, user: SessionUser, order: { paymentMethod: string; pickup: boolean }, field: string): Promise<void> {
  if (order.paymentMethod !== "card") return;
  const address = !order.pickup && user.address?.trim() ? { street: user.address.trim().toLowerCase(), zip: (user.zip ?? "").trim() } : null;
  const [row] = await sql.all<{ mine: number | bigint | null; here: number | bigint | null }>(
    `SELECT SUM(CASE WHEN o."userId" = ? THEN 1 ELSE 0 END) AS "mine",
            SUM(CASE WHEN ${address ? `NOT o."pickup" AND lower(trim(u."address")) = ? AND coalesce(trim(u."zip"), '') = ?` : "1 = 0"} THEN 1 ELSE 0 END) AS "here"
     FROM "Order" o JOIN "User" u ON u."id" = o."userId"
     WHERE o."stage" = 'placed' AND o."paymentMethod" = 'card'`,
    address ? [user.id, address.street, address.zip] : [user.id],
  );
  const message =
    Number(row?.mine ?? 0) >= MAX_OPEN_CARD_ORDERS ? CARD_LIMIT_MESSAGES.account : Number(row?.here ?? 0) >= MAX_OPEN_CARD_ORDERS ? CARD_LIMIT_MESSAGES.address : null;
  if (message) throw new ApiError("too_many_requests", message, { [field]: message }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}
