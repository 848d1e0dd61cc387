import "server-only";
import { account, balanceOf, post } from "../ledger/post";
import { lockOrderMoney } from "../ledger/queries/refunds";
import { orderShares } from "../ledger/refund";
import type { Sql } from "../platform/sql";
import type { DisputeStatus, ProviderDispute } from "./providers/provider";
import { paymentByIntent } from "./queries/payments";
import {
  disputeOfProvider,
  insertDispute,
  liftRefundRefusal,
  markOrderDisputed,
  moveDisputeStatus,
  restaurantOfOrder,
  withdrawnParts,
  type DisputeRow,
} from "./queries/disputes";

// A provider's dispute (chargeback) of a card charge, applied in its webhook's transaction
// (docs/architecture/payments.md "Disputes"). The disputed amount leaves the restaurant's balance
// when the dispute opens (the provider takes it from the platform's balance then): its account to
// external, allowed below zero (a restaurant paid out already owes it, repaid from its next
// earnings: a claw-back the platform never fronts). Won, it comes back (external to the account);
// lost, it stays out; an operator may decide Nosh absorbs it (postAbsorption). Each entry is keyed by the dispute (`dispute:{id}:withdrawn`,
// `dispute:{id}:returned`), the row's status only moves forward, and events of one dispute applied in
// any order, or twice, end in the same place. A dispute of a charge that is not an order's (a
// wallet top-up, a tip raised later) is kept for the operators but moves nothing.

const RANK: Record<DisputeStatus, number> = { needs_response: 0, under_review: 1, won: 2, lost: 2 };
export const isClosed = (status: DisputeStatus) => status === "won" || status === "lost";

/** The dispute as the provider reports it, applied once: the row written or moved forward, the ledger's entries posted, the order marked. Null: no payment of Nosh's. */
export async function applyDispute(sql: Sql, provider: string, dispute: ProviderDispute, now = new Date()): Promise<DisputeRow | null> {
  let row = await disputeOfProvider(sql, provider, dispute.id);
  if (!row) {
    const payment = await paymentByIntent(sql, provider, dispute.intentId);
    if (!payment) return null;
    const orderId = payment.purpose === "order" ? payment.orderId : null;
    const restaurantId = orderId === null ? null : await restaurantOfOrder(sql, orderId);
    await insertDispute(
      sql,
      {
        provider,
        providerDisputeId: dispute.id,
        intentId: dispute.intentId,
        paymentId: payment.id,
        orderId,
        restaurantId,
        account: restaurantId === null ? null : account.restaurant(restaurantId),
        amountCents: dispute.amountCents,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: dispute.evidenceDueBy,
      },
      now,
    );
    row = (await disputeOfProvider(sql, provider, dispute.id))!;
  }
  for (let attempt = 0; attempt < 5 && RANK[dispute.status] > RANK[row.status]; attempt++) {
    await moveDisputeStatus(sql, row.id, row.status, dispute.status, now);
    row = (await disputeOfProvider(sql, provider, dispute.id))!;
  }
  await postDispute(sql, row, now);
  if (row.orderId !== null) await markOrderDisputed(sql, row.orderId, row.status);
  // Closed: the provider takes refunds of the charge again (sync.ts asks for what is still owed).
  if (isClosed(row.status) && row.paymentId !== null) await liftRefundRefusal(sql, row.paymentId);
  return row;
}

/**
 * The ledger's side of the dispute as it stands, under the order's lock (ledger/refundable.ts): taken
 * once, at most what is still at stake on the charge (captured less what the provider refunded);
 * what the order's refunds still owe the card (card-refunds) the bank returns instead (the provider
 * refuses their refund: charge_disputed), the rest from the restaurant. Won, each part goes back (once).
 */
async function postDispute(sql: Sql, row: DisputeRow, now: Date): Promise<void> {
  if (!row.account || row.amountCents <= 0) return;
  if (row.orderId !== null) await lockOrderMoney(sql, row.orderId);
  const payment = await paymentByIntent(sql, row.provider, row.intentId);
  const atStake = payment ? Math.max(0, payment.capturedCents - payment.refundedCents) : row.amountCents;
  const withdrawn = Math.min(row.amountCents, atStake);
  const owed = row.orderId === null ? 0 : Math.max(0, (await orderShares(sql, row.orderId)).get(account.cardRefunds) ?? 0);
  const settled = Math.min(withdrawn, owed);
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:withdrawn`,
    orderId: row.orderId,
    lines: [
      { account: row.account, amountCents: settled - withdrawn },
      { account: account.cardRefunds, amountCents: -settled },
      { account: account.external, amountCents: withdrawn },
    ],
    overdraw: [row.account],
    now,
  });
  if (row.status !== "won") return;
  // Absorbed by Nosh meanwhile: the restaurant was paid back then, so the money won comes back to Nosh.
  const parts = await withdrawnParts(sql, row.id);
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:returned`,
    orderId: row.orderId,
    lines: [
      { account: account.external, amountCents: -parts.withdrawn },
      { account: account.cardRefunds, amountCents: parts.settled },
      { account: row.absorbedAt ? account.platform : row.account, amountCents: parts.withdrawn - parts.settled },
    ],
    now,
  });
}

/**
 * An operator's decision that Nosh absorbs an open dispute's amount (the restaurant is not made to
 * pay it): the amount back to the restaurant from the platform's balance, then from external for
 * what the balance lacks (the company's own money), key `dispute:{id}:absorbed`, in the caller's
 * transaction after the row's claim (claimAbsorption). Won later, the return goes to the platform.
 */
export async function postAbsorption(sql: Sql, row: DisputeRow, now = new Date()): Promise<void> {
  if (!row.account) return;
  // What the restaurant gave (the withdrawal less the owed refunds the bank returned instead).
  const parts = await withdrawnParts(sql, row.id);
  const cents = parts.withdrawn - parts.settled;
  const fromPlatform = Math.min(cents, Math.max(0, await balanceOf(sql, account.platform)));
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:absorbed`,
    orderId: row.orderId,
    lines: [
      { account: account.platform, amountCents: -fromPlatform },
      { account: account.external, amountCents: -(cents - fromPlatform) },
      { account: row.account, amountCents: cents },
    ],
    now,
  });
}
