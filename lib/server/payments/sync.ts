import "server-only";
import { cardRefundsOwed, NOT_CONFIRMATION } from "../ledger/orders";
import { sqlTransaction } from "../platform/sql";
import type { Intent } from "./provider";
import { providerNamed } from "./select";
import { refundPastPayment } from "./spill-refund";
import { paymentOfOrder, PAYMENT_COLUMNS, paymentOf, recordIntent, type PaymentRow } from "./state";

// The provider brought in line with the order (docs/architecture/payments.md): an authorization is
// captured once the restaurant has accepted, voided once the order ended without food, and what the
// ledger owes back to the card (card-refunds, lib/server/ledger/orders.ts cardRefundsOwed) is refunded
// through the provider; its confirmation posts it to external (state.ts). Called right after the change
// that needs it commits (accept, reject, cancel), and by the payments.sync job for whatever was
// missed (an expiry, a crash between the commit and the call). What the card is owed past the
// order's own payment is refunded from its later captures (a dearer replacement's, a tip raise's:
// spill-refund.ts). Every call carries an idempotency key made from the payment, so two callers at
// once (20 accepts, a job and a request) move the money once at the provider; the answer is applied through applyIntent (state.ts).

const CAPTURE_STAGES = new Set(["accepted", "ready", "out_for_delivery", "delivered"]);
const ENDED_STAGES = new Set(["rejected", "canceled", "expired"]);
/** An authorization no order took (its placement failed after it, or a challenge was never finished) is voided after this. */
export const ORPHAN_AFTER_MS = 30 * 60_000;
/** The payment's order's refunds confirmed on its later captures (spill-refund.ts), for the job's query. */
const SPILL_CONFIRMED = `SELECT COALESCE(SUM(sl."amountCents"), 0) FROM "LedgerEntry" se JOIN "LedgerLine" sl ON sl."entryId" = se."id"
  WHERE se."orderId" = p."orderId" AND se."key" LIKE 'card-refund:%' AND se."key" NOT LIKE 'card-refund:' || p."id" || ':%' AND sl."account" = 'external'`;

export async function syncOrderPayment(orderId: number): Promise<PaymentRow | null> {
  const read = () =>
    sqlTransaction(async (sql) => {
      const payment = await paymentOfOrder(sql, orderId);
      const [order] = await sql.all<{ stage: string | null }>(`SELECT "stage" FROM "Order" WHERE "id" = ?`, [orderId]);
      const owed = payment?.state === "captured" ? await cardRefundsOwed(sql, orderId) : 0;
      return { payment, stage: order?.stage ?? null, owed };
    });
  const first = await read();
  const { stage } = first;
  let { payment, owed } = first;
  if (!payment) return null;
  const provider = providerNamed(payment.provider);
  let intent: Intent | null = null;
  if (payment.state === "authorized" && stage && CAPTURE_STAGES.has(stage)) intent = await provider.capture(payment.intentId, `capture:${payment.id}`);
  else if ((payment.state === "authorized" || payment.state === "requires_action") && stage && ENDED_STAGES.has(stage))
    intent = await provider.void(payment.intentId, `void:${payment.id}`);
  if (intent) {
    await recordIntent(provider.name, intent);
    ({ payment, owed } = await read());
    if (!payment) return null;
  }
  if (payment.state === "captured" && Math.min(owed, payment.capturedCents) > payment.refundedCents) {
    const refunded = await provider.refund(payment.intentId, Math.min(owed, payment.capturedCents) - payment.refundedCents, `refund:${payment.id}:${owed}`);
    payment = (await recordIntent(provider.name, refunded)) ?? payment;
  }
  if (payment.state === "captured" && owed > payment.capturedCents) await refundPastPayment(orderId, payment, owed);
  return payment;
}

/** Voids an authorization no order took (orphaned); its row follows the provider's answer. */
export async function voidPayment(payment: Pick<PaymentRow, "id" | "provider" | "intentId">): Promise<void> {
  const provider = providerNamed(payment.provider);
  await recordIntent(provider.name, await provider.void(payment.intentId, `void:${payment.id}`));
}

/**
 * The payments.sync job's pass: orders whose authorization waits for a capture or a void, captured
 * orders the ledger refunded more than the provider has (the order's payment, or its later captures
 * past it: the confirmations spill-refund.ts posts), and orphaned authorizations.
 */
export async function syncPayments(now = new Date(), limit = 50): Promise<number> {
  const { orders, orphans } = await sqlTransaction(async (sql) => ({
    orders: await sql.all<{ orderId: number | bigint }>(
      `SELECT p."orderId" FROM "Payment" p JOIN "Order" o ON o."id" = p."orderId"
       WHERE (p."state" = 'authorized' AND o."stage" <> 'placed')
          OR (p."state" = 'captured' AND p."refundedCents" + (${SPILL_CONFIRMED}) < (
            SELECT COALESCE(SUM(l."amountCents"), 0) FROM "LedgerEntry" e JOIN "LedgerLine" l ON l."entryId" = e."id"
            WHERE e."orderId" = p."orderId" AND e."kind" = 'refund' AND ${NOT_CONFIRMATION} AND l."account" IN ('card-refunds', 'external') AND l."amountCents" > 0))
       ORDER BY p."updatedAt" LIMIT ?`,
      [limit],
    ),
    orphans: (
      await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "orderId" IS NULL AND "state" IN ('authorized', 'requires_action') AND "createdAt" < ? LIMIT ?`, [
        new Date(now.getTime() - ORPHAN_AFTER_MS),
        limit,
      ])
    ).map(paymentOf),
  }));
  for (const { orderId } of orders) await syncOrderPayment(Number(orderId));
  for (const orphan of orphans) await voidPayment(orphan);
  return orders.length + orphans.length;
}
