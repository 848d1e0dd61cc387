import "server-only";
import { minorToMajor } from "@/lib/shared/money/currency";
import { giftCardBounds, giftCardStatus, type GiftCardStatus } from "@/lib/shared/money/gift-cards";
import { db } from "../platform/db";
import { forbidden } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { readSql } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { listCards, type ListedCard } from "./queries";
import { said } from "@/lib/shared/words/said";

// The gift cards a buyer sent (their status, never their codes) and every card for the operators
// (with the buyer and whether the charge is disputed), newest first.

export type GiftCardJson = {
  id: number;
  recipientEmail: string;
  message: string;
  amount: number;
  currency: string;
  status: GiftCardStatus;
  sendAt: string;
  sentAt: string | null;
  redeemedAt: string | null;
  createdAt: string;
  /** The operators' view only. */
  buyerEmail?: string | null;
  disputed?: boolean;
  voidReason?: string | null;
};

export function giftCardJson(card: ListedCard, forOperator = false): GiftCardJson {
  return {
    id: card.id,
    recipientEmail: card.recipientEmail,
    message: card.message,
    amount: minorToMajor(card.amountCents, card.currency),
    currency: card.currency,
    status: giftCardStatus(card),
    sendAt: card.sendAt.toISOString(),
    sentAt: card.sentAt?.toISOString() ?? null,
    redeemedAt: card.redeemedAt?.toISOString() ?? null,
    createdAt: card.createdAt.toISOString(),
    ...(forOperator ? { buyerEmail: card.buyerEmail, disputed: card.disputed, voidReason: card.voidReason } : {}),
  };
}

/** GET /api/gift-cards: the caller's cards sent, newest first. */
export async function cardsSentBy(user: SessionUser, page: { limit: number; offset: number }): Promise<GiftCardJson[]> {
  if (user.guestAccount) throw forbidden(said("rules.giftCards.guest"));
  return (await listCards(await readSql(), page, user.id)).map((card) => giftCardJson(card));
}

/** GET /api/admin/gift-cards: every paid card, newest first. */
export async function everyGiftCard(_operator: Operator, page: { limit: number; offset: number }): Promise<GiftCardJson[]> {
  return (await listCards(await readSql(), page)).map((card) => giftCardJson(card, true));
}

/** The currencies gift cards are sold in (the markets', USD first), each with its market's time zone (a card's dates are told in it). */
export async function giftCardMarkets(): Promise<{ currency: string; timeZone: string }[]> {
  const markets = await db.market.findMany({ orderBy: { id: "asc" }, select: { currency: true, timeZone: true } });
  const seen = new Map<string, string>();
  for (const market of markets) if (giftCardBounds(market.currency) && !seen.has(market.currency)) seen.set(market.currency, market.timeZone);
  return [...seen].map(([currency, timeZone]) => ({ currency, timeZone }));
}
