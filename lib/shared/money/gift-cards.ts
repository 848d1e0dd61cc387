import { majorToMinor } from "./currency";

// A gift card's rules the buy form and the server share (docs/architecture/ledger.md "Gift cards"):
// the amounts a card may carry in each market's currency (whole units of it), a company's
// purchase at most, the message's length, how far ahead a card may be sent, and the code's shape.

/** The least and most one card may carry, in whole units of its currency (a market's). */
export const GIFT_CARD_BOUNDS: Readonly<Record<string, { min: number; max: number }>> = {
  USD: { min: 5, max: 500 },
  CAD: { min: 5, max: 500 },
  EUR: { min: 5, max: 500 },
  GBP: { min: 5, max: 500 },
  MXN: { min: 100, max: 10_000 },
  JPY: { min: 500, max: 50_000 },
};
/** Recipients of one purchase at most (a company's CSV): one card payment for the total. */
export const GIFT_CARD_BATCH_MAX = 200;
/** A card's message, in characters at most. */
export const GIFT_CARD_MESSAGE_MAX = 500;
/** A card may be scheduled this many days ahead at most. */
export const GIFT_CARD_SEND_MAX_DAYS = 365;
/** Wrong codes an account, and an address, may try in an hour before a 429. */
export const GIFT_CODE_TRIES_PER_ACCOUNT = 10;
export const GIFT_CODE_TRIES_PER_ADDRESS = 30;

/** The code's alphabet: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. 16 of 31 letters: about 79 bits. */
export const GIFT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CODE_LENGTH = 16;

/** A code as typed ("abcd efgh-…") in its stored form: upper case, without spaces or dashes. */
export const normalizeGiftCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, "");

/** The code as mailed: four groups of four ("ABCD-EFGH-JKMN-PQRS"). */
export const formatGiftCode = (code: string): string => normalizeGiftCode(code).replace(/(.{4})(?=.)/g, "$1-");

/** Whether a normalized code has the shape of one (a shape-less one is refused before it counts as a try). */
export const isGiftCodeShape = (code: string): boolean => code.length === GIFT_CODE_LENGTH && [...code].every((c) => GIFT_CODE_ALPHABET.includes(c));

/** The bounds of `currency` in its minor units; null for a currency no card is sold in. */
export function giftCardBounds(currency: string): { minCents: number; maxCents: number } | null {
  const bounds = GIFT_CARD_BOUNDS[currency];
  return bounds ? { minCents: majorToMinor(bounds.min, currency)!, maxCents: majorToMinor(bounds.max, currency)! } : null;
}

/** A card's status as its buyer and the operators see it. */
export type GiftCardStatus = "paying" | "scheduled" | "sent" | "redeemed" | "voided";
export function giftCardStatus(card: { paidAt: Date | null; sentAt: Date | null; redeemedAt: Date | null; voidedAt: Date | null }): GiftCardStatus {
  if (card.voidedAt) return "voided";
  if (card.redeemedAt) return "redeemed";
  if (!card.paidAt) return "paying";
  return card.sentAt ? "sent" : "scheduled";
}
