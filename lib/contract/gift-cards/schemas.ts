import { z } from "zod";
import { id, instant, money, stored } from "../common/schemas";

// Gift cards' answers (docs/architecture/ledger.md "Gift cards"): a card as its buyer sees it (never
// its code) and as the operators do, a purchase, a redemption, a CSV's preview.

const STATUSES = ["paying", "scheduled", "sent", "redeemed", "voided"];

export const giftCardSchema = z.object({
  id,
  recipientEmail: z.string(),
  message: z.string(),
  amount: money,
  currency: z.string().meta({ description: "ISO 4217 code of `amount` (a market's)" }),
  status: stored(STATUSES, "scheduled: paid, its mail waits for its date; sent: mailed; redeemed; voided by an operator (a disputed charge)"),
  sendAt: instant,
  sentAt: instant.nullable(),
  redeemedAt: instant.nullable(),
  createdAt: instant,
  buyerEmail: z.string().nullable().optional().meta({ description: "The operators' list only" }),
  disputed: z.boolean().optional().meta({ description: "The operators' list only: the card's charge is disputed" }),
  voidReason: z.string().nullable().optional(),
});

export const giftPurchaseSchema = z.object({
  cards: z.array(giftCardSchema),
  total: money,
  currency: z.string(),
  card: z.string().meta({ description: "The card charged: brand and last four" }),
  message: z.string(),
});

export const redeemedSchema = z.object({
  amount: money,
  currency: z.string(),
  wallet: money.meta({ description: "The wallet's balance in the card's currency after it" }),
  message: z.string(),
});

export const giftPreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      amount: z.string(),
      message: z.string(),
      amountValue: money.nullable(),
      errors: z.record(z.string(), z.string()).meta({ description: "By column (email, amount, message): why the row cannot be bought" }),
    }),
  ),
  total: money.meta({ description: "The valid rows' total" }),
  currency: z.string(),
  valid: z.number().int(),
});
