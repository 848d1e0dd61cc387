import "server-only";
import { CARD_OWED } from "../../ledger/queries/refunds";
import { orderLines } from "../../ledger/queries/order-sums";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { PAYMENT_COLUMNS, paymentRow, type PaymentRow } from "./payments";

// An order's payment as the order's steps and the sync read it, each in one statement: whether a
// step past accepted must wait for payment (orders/transition.ts), and what payments/sync.ts
// brings the provider in line with.

const syncRow = rowOf({ orderStage: row.textOrNull, owed: row.intOrNull, disputeMoves: row.int });

/**
 * What payments/sync.ts brings the provider in line with, in one statement: the order's latest
 * payment (null: none), the order's stage, what its refunds owe the card (the ledger's CARD_OWED sum)
 * and how many dispute entries it has.
 */
export async function paymentToSync(sql: Sql, orderId: number): Promise<{ payment: PaymentRow; stage: string | null; owed: number; disputeMoves: number } | null> {
  const [found] = await sql.all(
    `SELECT ${PAYMENT_COLUMNS.split(", ")
      .map((column) => `p.${column}`)
      .join(", ")},
       (SELECT o."stage" FROM "Order" o WHERE o."id" = ?) AS "orderStage",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM ${orderLines("?")} AND ${CARD_OWED}) AS "owed",
       (SELECT COUNT(*) FROM "LedgerEntry" d WHERE d."orderId" = ? AND d."kind" = 'dispute') AS "disputeMoves"
     FROM "Payment" p WHERE p."orderId" = ? ORDER BY p."id" DESC LIMIT 1`,
    [orderId, orderId, orderId, orderId],
  );
  if (!found) return null;
  const { orderStage, owed, disputeMoves } = syncRow(found);
  return { payment: paymentRow(found), stage: orderStage, owed: owed ?? 0, disputeMoves };
}

/** Whether an order waits for payment: a link not paid yet, its latest payment's capture failed. */
export type Awaiting = { link: boolean; captureFailed: boolean };

/** awaitingPayment's two facts as columns of a SELECT, for the order whose id is `orderId` (a column, or `?`): a statement that reads the order's other facts reads these with them. */
export const awaitingColumns = (orderId: string) =>
  `(SELECT COUNT(*) FROM "PaymentLink" l WHERE l."paidAt" IS NULL AND l."orderId" = ${orderId}) AS "links",
       (SELECT p."state" FROM "Payment" p WHERE p."orderId" = ${orderId} ORDER BY p."id" DESC LIMIT 1) AS "state"`;

/** Those columns' decoders. */
export const awaitingDecoders = { links: row.int, state: row.textOrNull };

/** Those columns read as Awaiting. */
export const awaitingOf = ({ links, state }: { links: number; state: string | null }): Awaiting => ({ link: links > 0, captureFailed: state === "capture_failed" });

const awaitingRow = rowOf(awaitingDecoders);

/** awaitingColumns for one order by its id, as extra columns leading another statement's (the read of an order's step: orders/page-rows.ts). */
export const awaitingExtra = (orderId: number) => ({ columns: ` ${awaitingColumns("?")},`, params: [orderId, orderId] });

/** What a row read with awaitingExtra says. */
export const awaitingOfRow = (found: Record<string, unknown>): Awaiting => awaitingOf(awaitingRow(found));

/**
 * Whether an order waits for its payment before it moves past accepted (orders/transition.ts): a
 * payment link not paid yet, or its latest payment's capture failed. One statement.
 */
export async function awaitingPayment(sql: Sql, orderId: number): Promise<Awaiting> {
  const [found] = await sql.all(`SELECT ${awaitingColumns("?")}`, [orderId, orderId]);
  return awaitingOf(awaitingRow(found!));
}
