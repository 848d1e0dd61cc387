import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// A phone order's payment link in plain SQL (pay-link.ts; docs/architecture/phone-orders.md "Paid by
// a link"): its row, the claim a payment or the sweep takes, and the board's and the sweep's reads;
// each row shape with its decoder.

/** The stages at which a link can still be paid: the order is open and not yet past its payment's hold. */
const OPEN = `('placed', 'accepted', 'ready')`;
/** A claim left by a request that died holding it is taken over after this (as a held order's). */
const CLAIM_STALE_MS = 2 * 60_000;

/** The order's link (in the placement's transaction). */
export async function insertPayLink(sql: Sql, orderId: number, token: string, expiresAt: Date, now: Date): Promise<void> {
  await sql.all(`INSERT INTO "PaymentLink" ("orderId", "token", "expiresAt", "createdAt") VALUES (?, ?, ?, ?)`, [orderId, token, expiresAt, now]);
}

const linkRow = rowOf({
  id: row.int,
  orderId: row.int,
  expiresAt: row.date,
  paidAt: row.dateOrNull,
  userId: row.int,
  totalCents: row.int,
  currency: row.text,
  stage: row.textOrNull,
});

/** The link of `token` with its order's owner, total, currency and stage, or null. */
export async function payLinkByToken(sql: Sql, token: string) {
  const [found] = await sql.all(
    `SELECT l."id", l."orderId", l."expiresAt", l."paidAt", o."userId", o."totalCents", o."currency", o."stage"
       FROM "PaymentLink" l JOIN "Order" o ON o."id" = l."orderId" WHERE l."token" = ?`,
    [token],
  );
  return found ? linkRow(found) : null;
}

const claimsRow = rowOf({ claims: row.int });

/**
 * The link claimed by one request (paying it, or the sweep canceling it): unpaid, its order still
 * open, not claimed since `staleBefore`; `unexpiredAt`: a payment also needs it unexpired. The claim's
 * number, or null (another request holds it, or it is paid).
 */
export async function claimPayLink(sql: Sql, linkId: number, now: Date, unexpiredAt: Date | null): Promise<number | null> {
  const [claimed] = await sql.all(
    `UPDATE "PaymentLink" SET "claimedAt" = ?, "claims" = "claims" + 1
     WHERE "id" = ? AND "paidAt" IS NULL AND ("claimedAt" IS NULL OR "claimedAt" < ?) ${unexpiredAt ? `AND "expiresAt" > ?` : ""}
       AND EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = "PaymentLink"."orderId" AND o."stage" IN ${OPEN})
     RETURNING "claims"`,
    [now, linkId, new Date(now.getTime() - CLAIM_STALE_MS), ...(unexpiredAt ? [unexpiredAt] : [])],
  );
  return claimed ? claimsRow(claimed).claims : null;
}

/** The link paid, by the claim that paid it. */
export async function markPayLinkPaid(sql: Sql, linkId: number, claim: number, now: Date): Promise<void> {
  await sql.all(`UPDATE "PaymentLink" SET "paidAt" = ? WHERE "id" = ? AND "claims" = ?`, [now, linkId, claim]);
}

/** The claim given back (declined, or failed before the authorization was linked): the customer may try again. */
export async function releasePayLink(sql: Sql, linkId: number, claim: number): Promise<void> {
  await sql.all(`UPDATE "PaymentLink" SET "claimedAt" = NULL WHERE "id" = ? AND "claims" = ? AND "paidAt" IS NULL`, [linkId, claim]);
}

const orderIdRow = rowOf({ orderId: row.int });

/** Of `orderIds`, those with a payment link not paid yet: the board's "Waiting for payment". */
export async function unpaidLinkOrders(sql: Sql, orderIds: number[]): Promise<number[]> {
  if (!orderIds.length) return [];
  const rows = await sql.all(`SELECT "orderId" FROM "PaymentLink" WHERE "paidAt" IS NULL AND "orderId" IN (${orderIds.map(() => "?").join(", ")})`, orderIds);
  return rows.map((found) => orderIdRow(found).orderId);
}

/** The links expired unpaid before `now` whose orders are still open: the sweep's (orders/unpaid.ts). */
export async function expiredPayLinks(sql: Sql, now: Date): Promise<{ id: number; orderId: number }[]> {
  const rows = await sql.all(
    `SELECT l."id", l."orderId" FROM "PaymentLink" l JOIN "Order" o ON o."id" = l."orderId"
     WHERE l."paidAt" IS NULL AND l."expiresAt" <= ? AND o."stage" IN ${OPEN} ORDER BY l."expiresAt" LIMIT 100`,
    [now],
  );
  return rows.map((found) => ({ id: row.int(found.id, "id"), orderId: orderIdRow(found).orderId }));
}
