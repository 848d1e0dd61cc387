import "server-only";
import { account, balanceOf, post } from "../ledger/post";
import type { Sql } from "../platform/sql";
import type { DisputeStatus, ProviderDispute } from "./providers/provider";
import { paymentByIntent } from "./queries/payments";
import { disputeOfProvider, insertDispute, markOrderDisputed, moveDisputeStatus, restaurantOfOrder, type DisputeRow } from "./queries/disputes";

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
  return row;
}

/** The ledger's side of the dispute as it stands: the amount taken from the restaurant (once), and given back when won (once). */
async function postDispute(sql: Sql, row: DisputeRow, now: Date): Promise<void> {
  if (!row.account || row.amountCents <= 0) return;
  const cents = row.amountCents;
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:withdrawn`,
    orderId: row.orderId,
    lines: [
      { account: row.account, amountCents: -cents },
      { account: account.external, amountCents: cents },
    ],
    overdraw: [row.account],
    now,
  });
  if (row.status !== "won") return;
  // Absorbed by Nosh meanwhile: the restaurant was paid back then, so the money won comes back to Nosh.
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:returned`,
    orderId: row.orderId,
    lines: [
      { account: account.external, amountCents: -cents },
      { account: row.absorbedAt ? account.platform : row.account, amountCents: cents },
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
  const fromPlatform = Math.min(row.amountCents, Math.max(0, await balanceOf(sql, account.platform)));
  await post(sql, {
    kind: "dispute",
    key: `dispute:${row.id}:absorbed`,
    orderId: row.orderId,
    lines: [
      { account: account.platform, amountCents: -fromPlatform },
      { account: account.external, amountCents: -(row.amountCents - fromPlatform) },
      { account: row.account, amountCents: row.amountCents },
    ],
    now,
  });
}
