import "server-only";
import { sqlTransaction, type Sql } from "../platform/sql";
import { type PaymentRow } from "./queries/payments";
import { confirmedCardRefunds, laterCaptures } from "./queries/sync-claims";
import { applyIntent, postRefundConfirmed } from "./state";
import { providerNamed } from "./providers/select";

// A card refund past the order's own payment (docs/architecture/payments.md "Refunded through the provider"): what the
// ledger owes the card (card-refunds) beyond what the order's payment captured was paid by the
// order's later captures on the card: a dearer replacement's (purpose change) and a tip raise's
// (purpose tip), each with its capture entry keyed `{purpose}:{paymentId}` on the order. The
// excess is spread over them, oldest first, each refunded through the provider up to what it
// captured (keyed by the payment and its refunded target: once however many syncs run), and each
// confirmed refund leaves card-refunds for external keyed `card-refund:{paymentId}:{refunded}`
// on the order, as the reconciliation reads a change's or a tip's refund (payouts/reconcile.ts).

/** The provider's confirmed refunds of a later capture, posted for the order (past what the ledger confirmed of them): card-refunds to external, at most what the order still owes its card. */
async function confirmSpill(sql: Sql, orderId: number, payment: PaymentRow, now: Date): Promise<void> {
  await postRefundConfirmed(sql, orderId, payment, await confirmedCardRefunds(sql, payment.id), now);
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
