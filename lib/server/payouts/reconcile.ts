import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { receiptRefunds } from "../ledger/orders";
import { notify } from "../notifications/outbox";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { PaymentProvider, ProviderRecord } from "../payments/providers/provider";
import { paymentProvider } from "../payments/providers/select";
import {
  externalCaptureAndRefunds,
  externalCentsOfKey,
  externalRefundsSpilled,
  insertIssue,
  operatorIds,
  paymentsToReconcile,
  payoutsToReconcile,
  type ReconciledPayment,
} from "./queries/reconcile";

// Reconciliation (docs/architecture/payouts.md "Reconciliation"): the payment
// provider's records (its captures, refunds and payouts: listRecords) compared with the ledger's
// external lines for the same objects, both ways (a provider record with no ledger line, and a
// payment or payout the ledger moved that the provider does not have). Something moved within
// the last RECONCILE_GRACE_MS is left for the next pass (a refund the ledger made is sent to the
// provider by the payments.sync job within seconds; a webhook is on its way). Each difference is
// raised once (ReconciliationIssue by its key: what differs and by how much) with a notification
// to every operator; the hourly payments.reconcile job and `npm run ledger:check` run it.

export const RECONCILE_GRACE_MS = 10 * 60_000;
/** The hourly job looks at what changed in the last week (ledger:check at everything). */
export const RECONCILE_WINDOW_MS = 7 * 24 * 3600_000;

export type Difference = { kind: ProviderRecord["kind"]; objectId: string; providerCents: number; ledgerCents: number };

/** The ledger's side of a captured-or-refunded intent: its order's card payment (external's line) and what the ledger gave back to the card. */
async function ledgerOfIntent(sql: Sql, payment: ReconciledPayment): Promise<{ capture: number; refund: number }> {
  if ((payment.purpose === "topup" || payment.purpose === "giftcard") && payment.state === "captured") {
    // A wallet top-up (payments/top-up.ts) or gift cards (payments/gift-card-purchase.ts): its capture is the entry external -> wallet-paid (gift-cards) keyed by the payment.
    return { capture: -(await externalCentsOfKey(sql, `${payment.purpose}:${payment.id}`)), refund: 0 };
  }
  if ((payment.purpose === "tip" || payment.purpose === "change" || payment.purpose === "membership") && payment.state === "captured") {
    // A tip raised after delivery (orders/tip-raise.ts) or a dearer replacement (order-changes/answer.ts):
    // its capture is the entry keyed by the payment (tip:{id}, change:{id}); a raise or an answer
    // that lost to another is given back (its confirmations, card-refund:{id}:*).
    return externalCaptureAndRefunds(sql, `${payment.purpose}:${payment.id}`, `card-refund:${payment.id}:%`);
  }
  if (payment.orderId === null || payment.state !== "captured") return { capture: 0, refund: 0 };
  const orderId = payment.orderId;
  const capture = -(await externalCentsOfKey(sql, `order:${orderId}:payment`));
  const refunds = await receiptRefunds(sql, { id: orderId, userId: payment.userId, paymentMethod: "card" });
  // Less what the order's later captures refunded (payments/spill-refund.ts): the provider has it on their intents.
  const spilled = await externalRefundsSpilled(sql, orderId, payment.id);
  return { capture, refund: refunds.reduce((sum, refund) => sum + refund.cents, 0) - spilled };
}

/** Every difference between `provider`'s records changed since `since` (and Nosh's rows changed since then) and the ledger, older than the grace. */
export async function reconciliationDifferences(now = new Date(), since = new Date(now.getTime() - RECONCILE_WINDOW_MS), provider: PaymentProvider = paymentProvider()) {
  const settled = (at: Date) => at.getTime() <= now.getTime() - RECONCILE_GRACE_MS;
  const records = await provider.listRecords(since);
  const theirs = new Map(records.map((record) => [`${record.kind}:${record.objectId}`, record]));
  const differences: Difference[] = [];
  const compare = (kind: Difference["kind"], objectId: string, ledgerCents: number, noshAt: Date | null) => {
    const record = theirs.get(`${kind}:${objectId}`);
    theirs.delete(`${kind}:${objectId}`);
    const providerCents = record?.amountCents ?? 0;
    if (providerCents === ledgerCents || (record && !settled(record.at)) || (noshAt && !settled(noshAt))) return;
    differences.push({ kind, objectId, providerCents, ledgerCents });
  };
  await sqlTransaction(async (sql) => {
    const intentIds = records.filter((record) => record.kind !== "payout").map((record) => record.objectId);
    for (const payment of await paymentsToReconcile(sql, provider.name, since, intentIds)) {
      const ledger = await ledgerOfIntent(sql, payment);
      const at = payment.updatedAt;
      compare("capture", payment.intentId, ledger.capture, at);
      if (ledger.refund || theirs.has(`refund:${payment.intentId}`)) compare("refund", payment.intentId, ledger.refund, at);
    }
    const payoutIds = records.filter((record) => record.kind === "payout").map((record) => record.objectId);
    for (const payout of await payoutsToReconcile(sql, provider.name, since, payoutIds)) {
      const at = payout.paidAt ?? payout.failedAt ?? payout.createdAt;
      compare("payout", String(payout.providerPayoutId), payout.cents, at);
    }
  });
  // What the provider has that Nosh has no row for at all (a capture with no payment, a payout nobody asked for).
  for (const record of theirs.values())
    if (record.amountCents !== 0 && settled(record.at))
      differences.push({ kind: record.kind, objectId: record.objectId, providerCents: record.amountCents, ledgerCents: 0 });
  return differences;
}

const describe = (difference: Difference) =>
  `${difference.kind} ${difference.objectId}: the provider has ${formatCents(difference.providerCents)}, the ledger ${formatCents(difference.ledgerCents)}`;

/** Each difference not raised before recorded (ReconciliationIssue, by its key) and told to every operator, in one transaction: raised once, whoever runs it. */
export async function raiseDifferences(differences: readonly Difference[], now = new Date()): Promise<number> {
  if (!differences.length) return 0;
  return sqlTransaction(async (sql) => {
    let raised = 0;
    const operators = await operatorIds(sql);
    for (const difference of differences) {
      const key = `${difference.kind}:${difference.objectId}:${difference.providerCents}:${difference.ledgerCents}`;
      const issueId = await insertIssue(sql, { key, ...difference }, now);
      if (issueId === undefined) continue;
      raised++;
      const note = describe(difference);
      if (operators.length)
        await notify(
          sql,
          operators.map((userId) => ({
            to: { userId },
            kind: "operator_reconciliation" as const,
            cause: `reconciliation:${issueId}`,
            payload: { note },
          })),
          now,
        );
    }
    return raised;
  });
}

/** The hourly job's pass: compared, and each new difference raised. */
export async function reconcile(now = new Date()): Promise<{ differences: Difference[]; raised: number }> {
  const differences = await reconciliationDifferences(now);
  return { differences, raised: await raiseDifferences(differences, now) };
}

export const differenceLine = describe;
