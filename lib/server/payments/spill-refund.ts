import "server-only";
import { account, post } from "../ledger/post";
import { orderShares } from "../ledger/refund";
import { row, rowOf } from "../platform/row";
import { sqlTransaction, type Sql } from "../platform/sql";
import { applyIntent, PAYMENT_COLUMNS, paymentOf, type PaymentRow } from "./state";
import { providerNamed } from "./select";

// A card refund past the order's own payment (docs/architecture/payments.md "Refunds"): what the
// ledger owes the card (card-refunds) beyond what the order's payment captured was paid by the
// order's later captures on the card: a dearer replacement's (purpose change) and a tip raise's
// (purpose tip), each with its capture entry keyed `{purpose}:{paymentId}` on the order. The
// excess is spread over them, oldest first, each refunded through the provider up to what it
// captured (keyed by the payment and its refunded target: once however many syncs run), and each
// confirmed refund leaves card-refunds for external keyed `card-refund:{paymentId}:{refunded}`
// on the order, as the reconciliation reads a change's or a tip's refund (payouts/reconcile.ts).

const captureKeyRow = rowOf({ key: row.text });
const confirmedRow = rowOf({ cents: (value, column) => row.intOrNull(value, column) ?? 0 });

/** The order's captures after its payment: the change and tip payments whose capture entry is the order's, oldest first. */
async function laterCaptures(sql: Sql, orderId: number): Promise<PaymentRow[]> {
  const keys = (
    await sql.all(`SELECT "key" FROM "LedgerEntry" WHERE "orderId" = ? AND "kind" = 'payment' AND ("key" LIKE 'change:%' OR "key" LIKE 'tip:%')`, [orderId])
  ).map((found) => captureKeyRow(found).key);
  const ids = keys.map((key) => Number(key.slice(key.indexOf(":") + 1))).filter((id) => Number.isSafeInteger(id));
  if (!ids.length) return [];
  const rows = await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "id" IN (${ids.map(() => "?").join(", ")}) AND "state" = 'captured' ORDER BY "id"`, ids);
  return rows.map(paymentOf).filter((payment) => keys.includes(`${payment.purpose}:${payment.id}`));
}

/** What the ledger has confirmed of a payment's refunds (its `card-refund:{id}:*` entries into external). */
async function confirmedCents(sql: Sql, paymentId: number): Promise<number> {
  const [found] = await sql.all(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."key" LIKE ? AND l."account" = 'external'`,
    [`card-refund:${paymentId}:%`],
  );
  return found === undefined ? 0 : confirmedRow(found).cents;
}

/** The provider's confirmed refunds of a later capture, posted for the order: card-refunds to external, at most what the order still owes its card. */
async function confirmSpill(sql: Sql, orderId: number, payment: PaymentRow, now: Date): Promise<void> {
  const owed = (await orderShares(sql, orderId)).get(account.cardRefunds) ?? 0;
  const cents = Math.min(payment.refundedCents - (await confirmedCents(sql, payment.id)), owed);
  if (cents <= 0) return;
  await post(sql, {
    kind: "refund",
    key: `card-refund:${payment.id}:${payment.refundedCents}`,
    orderId,
    lines: [
      { account: account.cardRefunds, amountCents: -cents },
      { account: account.external, amountCents: cents },
    ],
    now,
  });
}

/**
 * `owed` (what the order's refunds owe its card) past what `payment` (the order's own) captured,
 * refunded from the order's later captures, each confirmed in the ledger. Nothing when the order's
 * payment covers it.
 */
export async function refundPastPayment(orderId: number, payment: PaymentRow, owed: number, now = new Date()): Promise<void> {
  let past = owed - payment.capturedCents;
  if (past <= 0) return;
  const captures = await sqlTransaction((sql) => laterCaptures(sql, orderId));
  for (let capture of captures) {
    const target = Math.min(capture.capturedCents, past);
    past -= target;
    if (target > capture.refundedCents) {
      const provider = providerNamed(capture.provider);
      const refunded = await provider.refund(capture.intentId, target - capture.refundedCents, `refund:${capture.id}:${target}`);
      const before = capture;
      capture = await sqlTransaction(async (sql) => {
        const applied = (await applyIntent(sql, provider.name, refunded, now)) ?? before;
        await confirmSpill(sql, orderId, applied, now);
        return applied;
      });
    } else {
      // Refunded already (by an earlier sync, or its webhook applied first): its confirmation, if missing.
      const refunded = capture;
      await sqlTransaction((sql) => confirmSpill(sql, orderId, refunded, now));
    }
    if (past <= 0) return;
  }
}
