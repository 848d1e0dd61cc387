import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { CHARGE_DISPUTED } from "@/lib/shared/money/disputes";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { logicalAccount } from "./currency";
import { account, type Line } from "./post";
import { cardRoomFacts, lockOrderMoney, orderShareRows } from "./queries/refunds";
import { said } from "@/lib/shared/words/said";

// The one guard of every refund to a card (docs/architecture/disputes.md "Refunds of a disputed
// charge"): what may still go back to an order's card is what its captures paid, less what its
// refunds owe the card (confirmed or not), less what its disputes took back through the card's
// bank (a won dispute's return counts back). Every refund path reads it here: the whole refund of
// a reject, cancel or expiry, a problem report's, an order change's, an operator's, a refused
// courier's pay (refund.ts), and a dispute's own withdrawal (payments/disputes.ts). Read after the
// order's row is locked (lockedCardRoom), so two refunds, or a refund and a dispute, racing on one
// order are taken one after the other: the second reads what the first wrote.

export { CHARGE_DISPUTED };

export type CardRoom = {
  /** The most any refund may still give the card: captured - owed by refunds - disputed (never below 0). */
  cents: number;
  /** What the order's disputes took back through the bank, a won dispute's return deducted: the charge is disputed while above 0. */
  disputedCents: number;
  /** The account that answered for the dispute (the restaurant's, named without its currency), else null. */
  disputeAccount: string | null;
  /** Owed refunds the bank's chargeback returned instead of the provider (payments/disputes.ts). */
  settledCents: number;
};

/** The card's room, read without a lock (a page's read). */
export async function readCardRoom(sql: Sql, orderId: number): Promise<CardRoom> {
  const facts = await cardRoomFacts(sql, orderId);
  const disputedNet = facts.disputed + facts.settled;
  return {
    cents: Math.max(0, facts.paid - facts.owed - disputedNet),
    disputedCents: Math.max(0, facts.disputed),
    disputeAccount: facts.disputeAccount === null ? null : logicalAccount(facts.disputeAccount),
    settledCents: Math.max(0, -facts.settled),
  };
}

/** The card's room once the order's row is locked for the rest of the caller's transaction: what every refund and dispute reads before it posts. */
export async function lockedCardRoom(sql: Sql, orderId: number): Promise<CardRoom> {
  await lockOrderMoney(sql, orderId);
  return readCardRoom(sql, orderId);
}

/** What may still go back to the customer of the order: the card's room, and what its wallet paid less what came back to it. */
export type RefundRoom = { cents: number; card: CardRoom; disputed: boolean };

async function refundRoom(sql: Sql, order: { id: number; userId: number }, card: CardRoom): Promise<RefundRoom> {
  const shares = new Map((await orderShareRows(sql, order.id)).map((share) => [logicalAccount(share.account), share.cents]));
  const taken = (id: string) => Math.max(0, -(shares.get(id) ?? 0));
  return { cents: card.cents + taken(account.walletPaid(order.userId)) + taken(account.wallet(order.userId)), card, disputed: card.disputedCents > 0 };
}

/** The customer's room once the order is locked (a refund's decision reads it before it posts). */
export async function lockedRefundRoom(sql: Sql, order: { id: number; userId: number }): Promise<RefundRoom> {
  return refundRoom(sql, order, await lockedCardRoom(sql, order.id));
}

/** The customer's room without a lock (a page's read). */
export async function readRefundRoom(sql: Sql, order: { id: number; userId: number }): Promise<RefundRoom> {
  return refundRoom(sql, order, await readCardRoom(sql, order.id));
}

/**
 * What a refund could not give back the way the customer paid (beyond the card's room and the
 * wallet's parts), placed or refused: on a disputed charge the bank returned it already, so it
 * repays the account that answered for the dispute (`repay`: a change or a refused courier's pay,
 * where the money must leave clearing), or is refused with CHARGE_DISPUTED; otherwise refused: no
 * card gets back more than was captured.
 */
export function placeBeyondCard(rest: number, card: CardRoom, repay: boolean, currency: string): Line[] {
  if (rest <= 0) return [];
  if (card.disputedCents > 0 && repay && card.disputeAccount) return [{ account: card.disputeAccount, amountCents: rest }];
  if (card.disputedCents > 0) throw conflict(CHARGE_DISPUTED);
  throw conflict(said("rules.handlers.refundLeftCard", { amount: formatCents(card.cents, { currency }) }));
}
