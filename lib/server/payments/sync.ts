import "server-only";
import { readSql, sqlTransaction } from "../platform/sql";
import type { Intent } from "./providers/provider";
import { providerNamed } from "./providers/select";
import { type PaymentRow } from "./queries/payments";
import { ordersToSync, orphanedPayments } from "./queries/sync-claims";
import { paymentToSync } from "./queries/order-state";
import { refundPastPayment } from "./spill-refund";
import { recordIntent } from "./state";
import { markRefundRefused, REFUND_REFUSED } from "./queries/disputes";
import { nextTurn } from "../platform/loop-turns";

// The provider brought in line with the order (docs/architecture/payments.md): an authorization is
// captured once the restaurant has accepted, voided once the order ended without food, and what the
// ledger owes back to the card (card-refunds, lib/server/ledger/queries/refunds.ts CARD_OWED) is refunded
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

export async function syncOrderPayment(orderId: number): Promise<PaymentRow | null> {
  // One statement, no transaction: the payment, the stage and what is owed read together.
  const read = async () => {
    const found = await paymentToSync(await readSql(), orderId);
    const captured = found?.payment.state === "captured";
    return found && { ...found, owed: captured ? found.owed : 0, disputeMoves: captured ? found.disputeMoves : 0 };
  };
  const first = await read();
  if (!first) return null;
  const { stage } = first;
  let { payment, owed } = first;
  const provider = providerNamed(payment.provider);
  let intent: Intent | null = null;
  if (payment.state === "authorized" && stage && CAPTURE_STAGES.has(stage)) intent = await provider.capture(payment.intentId, `capture:${payment.id}`);
  else if ((payment.state === "authorized" || payment.state === "requires_action") && stage && ENDED_STAGES.has(stage))
    intent = await provider.void(payment.intentId, `void:${payment.id}`);
  if (intent) {
    await recordIntent(provider.name, intent);
    const again = await read();
    if (!again) return null;
    ({ payment, owed } = again);
  }
  // A refund the provider refused as disputed is not asked again until its dispute closes (disputes.ts lifts it).
  if (payment.failureCode === REFUND_REFUSED) return payment;
  if (payment.state === "captured" && Math.min(owed, payment.capturedCents) > payment.refundedCents) {
    // Keyed by what is owed, and by the disputes' moves: a dispute won gives the card back an owed refund under a new key.
    const key = `refund:${payment.id}:${owed}${first.disputeMoves > 0 ? `:d${first.disputeMoves}` : ""}`;
    const refunded = await provider.refund(payment.intentId, Math.min(owed, payment.capturedCents) - payment.refundedCents, key);
    if (refunded.refundRefusal) {
      // Disputed (charge_disputed): recorded, not retried; what the refund owed the card its dispute settles (the bank returns it instead).
      const refused = payment;
      await sqlTransaction((sql) => markRefundRefused(sql, refused.id, new Date()));
      return { ...payment, failureCode: REFUND_REFUSED };
    }
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
    orders: await ordersToSync(sql, limit),
    orphans: await orphanedPayments(sql, new Date(now.getTime() - ORPHAN_AFTER_MS), limit),
  }));
  for (const orderId of orders) {
    await nextTurn();
    await syncOrderPayment(orderId);
  }
  for (const orphan of orphans) {
    await nextTurn();
    await voidPayment(orphan);
  }
  return orders.length + orphans.length;
}
