import "server-only";
import { dateOf, type Sql } from "../platform/sql";

// An account's ledger lines with what the payouts pages show of each (the restaurant's entries
// and CSV, the courier's earnings).

export type StatementRow = {
  entryId: number;
  kind: string;
  at: Date;
  amountCents: number;
  orderId: number | null;
  payoutReference: string | null;
  /** The order's item subtotal, service fee and discount (settlements and refunds). */
  subtotalCents: number;
  serviceFeeCents: number;
  discountCents: number;
  /** The order's sales tax (issue 59 item 6): the tax payable account's, shown apart. */
  taxCents: number;
  /** The platform's line in the same entry (its service fee and commission). */
  platformCents: number;
  /** The entry's idempotency key (`order:{id}:refund`, `problem:{id}:refund`, ...). */
  key: string | null;
};

/** The lines of `accountId` between `from` and `to` (createdAt), oldest first, with what the payouts page shows of each. */
export async function statementOf(sql: Sql, accountId: string, from: Date, to: Date): Promise<StatementRow[]> {
  const rows = await sql.all<Record<string, unknown>>(
    `SELECT e."id" AS "entryId", e."kind", e."key", e."createdAt", l."amountCents", e."orderId", p."reference",
       o."subtotalCents", o."serviceFeeCents", o."discountCents", o."taxCents",
       (SELECT CAST(SUM(x."amountCents") AS BIGINT) FROM "LedgerLine" x WHERE x."entryId" = e."id" AND x."account" = 'platform') AS "platformCents"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId"
     LEFT JOIN "Order" o ON o."id" = e."orderId" LEFT JOIN "Payout" p ON p."id" = e."payoutId"
     WHERE l."account" = ? AND e."createdAt" >= ? AND e."createdAt" < ? ORDER BY e."id"`,
    [accountId, from, to],
  );
  return rows.map((row) => ({
    entryId: Number(row.entryId),
    kind: String(row.kind),
    at: dateOf(row.createdAt),
    amountCents: Number(row.amountCents),
    orderId: row.orderId == null ? null : Number(row.orderId),
    payoutReference: (row.reference as string | null) ?? null,
    subtotalCents: Number(row.subtotalCents ?? 0),
    serviceFeeCents: Number(row.serviceFeeCents ?? 0),
    discountCents: Number(row.discountCents ?? 0),
    taxCents: Number(row.taxCents ?? 0),
    platformCents: Number(row.platformCents ?? 0),
    key: (row.key as string | null) ?? null,
  }));
}
