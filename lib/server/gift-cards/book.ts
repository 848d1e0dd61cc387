import "server-only";
import { minorToMajor } from "@/lib/shared/money/currency";
import { account, post } from "../ledger/post";
import { notify } from "../notifications/outbox";
import { sqlTransaction, type Sql } from "../platform/sql";
import { claimDueCards, markPaid } from "./queries";

// A gift card's money (docs/architecture/ledger.md "Gift cards"): its purchase's capture, once the
// provider confirmed it (payments/state.ts applyIntent), books the card money in as the gift-cards
// liability (external -> gift-cards, key giftcard:{paymentId}) and marks the cards paid; the cards
// due now get their mail. Later ones are mailed by the gift-cards.send job on their date.

/** Cards mailed by one pass at most. */
const SEND_BATCH = 200;

/** The purchase's capture booked (once, whoever reports it first) and its cards due now mailed, in the caller's transaction. */
export async function postGiftCardSale(sql: Sql, payment: { id: number; capturedCents: number; currency: string }, now: Date): Promise<void> {
  await post(sql, {
    kind: "giftcard",
    key: `giftcard:${payment.id}`,
    currency: payment.currency,
    lines: [
      { account: account.external, amountCents: -payment.capturedCents },
      { account: account.giftCards, amountCents: payment.capturedCents },
    ],
    now,
  });
  await markPaid(sql, payment.id, now);
  await mailDueCards(sql, now, payment.id);
}

/**
 * Paid cards whose date came, each claimed once and its mail written to the outbox in the same
 * transaction (to the recipient's address, from the buyer's row: a one-off mail, like a team
 * invitation). Returns how many.
 */
async function mailDueCards(sql: Sql, now: Date, paymentId?: number): Promise<number> {
  const due = await claimDueCards(sql, now, SEND_BATCH, paymentId);
  await notify(
    sql,
    due.map((card) => ({
      to: { userId: card.buyerId },
      kind: "gift_card" as const,
      cause: `gift-card:${card.id}`,
      payload: {
        toEmail: card.recipientEmail,
        amount: minorToMajor(card.amountCents, card.currency),
        currency: card.currency,
        note: card.message,
        sealedToken: card.sealedCode,
      },
    })),
    now,
  );
  return due.length;
}

/** The gift-cards.send job's pass: every card due now mailed, in batches, each in its own transaction. */
export async function mailDueGiftCards(now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await sqlTransaction((sql) => mailDueCards(sql, now));
    total += sent;
    if (sent < SEND_BATCH) return total;
  }
}
