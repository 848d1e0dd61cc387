import { z } from "zod";
import { majorToMinor, minorToMajor } from "@/lib/shared/money/currency";
import { GIFT_CARD_BATCH_MAX, GIFT_CARD_MESSAGE_MAX, giftCardBounds } from "@/lib/shared/money/gift-cards";
import { AUTH_SAID, isValidEmail, MAX_EMAIL_LENGTH } from "../zod-free/auth-rules";
import { freeText } from "../common/field-rules";
import { cardChoice } from "../orders/checkout-rules";
import { said, word } from "@/lib/shared/words/said";

// Gift cards' request rules (docs/architecture/ledger.md "Gift cards"): a purchase of one card or a
// company's many (one card payment for the total), a code redeemed, a CSV of recipients previewed,
// an operator's void. Amounts are whole units of the purchase's currency (a market's), within
// GIFT_CARD_BOUNDS: negative, zero, too large or with more decimals than the currency has is a
// 400 naming `recipients.{i}.amount`.

const currencyCode = z
  .string({ error: said("rules.checkout.currencyCode") })
  .regex(/^[A-Z]{3}$/, said("rules.checkout.currencyCode"))
  .refine((code) => giftCardBounds(code) !== null, { message: said("rules.giftCards.currency"), abort: true });

const recipientSchema = z.object({
  email: freeText(word("email"))
    .max(MAX_EMAIL_LENGTH, said("messages.atMost", { count: MAX_EMAIL_LENGTH }))
    .transform((value) => value.trim().toLowerCase())
    .refine(isValidEmail, AUTH_SAID.invalidEmail),
  amount: z.union([z.number(), z.string()], { error: said("rules.common.number", { field: "amount" }) }),
  message: freeText(word("message"), { multiline: true })
    .max(GIFT_CARD_MESSAGE_MAX, said("rules.common.atMost", { field: "message", count: String(GIFT_CARD_MESSAGE_MAX) }))
    .optional(),
});

/** One recipient's amount in minor units of `currency`, or the message that refuses it. */
function giftAmountCents(amount: number | string, currency: string): { cents: number } | { refused: string } {
  const bounds = giftCardBounds(currency);
  const cents = majorToMinor(amount, currency);
  if (cents === null) return { refused: said("rules.giftCards.decimals", { currency }) };
  if (!bounds) return { refused: said("rules.giftCards.currency") };
  if (cents < bounds.minCents || cents > bounds.maxCents)
    return { refused: said("rules.giftCards.amount", { min: minorToMajor(bounds.minCents, currency), max: minorToMajor(bounds.maxCents, currency), currency }) };
  return { cents };
}

/**
 * POST /api/gift-cards: `recipients` (one, or a company's many: each an email, an amount and an
 * optional message), their `currency` (a market's; USD when absent), `sendOn` (a date in the
 * market's zone; today or none: at once) and the saved card to charge (`paymentMethodId`, else the default).
 */
export const buyGiftCardsSchema = z
  .object({
    recipients: z
      .array(recipientSchema, { error: said("rules.giftCards.recipients", { max: GIFT_CARD_BATCH_MAX }) })
      .min(1, said("rules.giftCards.recipients", { max: GIFT_CARD_BATCH_MAX }))
      .max(GIFT_CARD_BATCH_MAX, said("rules.giftCards.recipients", { max: GIFT_CARD_BATCH_MAX })),
    currency: currencyCode.optional(),
    sendOn: z
      .string({ error: said("rules.giftCards.sendOn") })
      .regex(/^\d{4}-\d{2}-\d{2}$/, said("rules.giftCards.sendOn"))
      .optional(),
    paymentMethodId: cardChoice.paymentMethodId,
  })
  .transform((input, ctx) => {
    const currency = input.currency ?? "USD";
    const recipients = input.recipients.map((recipient, index) => {
      const amount = giftAmountCents(recipient.amount, currency);
      if ("refused" in amount) ctx.addIssue({ code: "custom", message: amount.refused, path: ["recipients", index, "amount"] });
      return { email: recipient.email, message: recipient.message ?? "", amountCents: "cents" in amount ? amount.cents : 0 };
    });
    return { ...input, currency, recipients };
  });
export type BuyGiftCardsInput = z.output<typeof buyGiftCardsSchema>;

/** POST /api/gift-cards/redeem: the mailed code, as typed (spaces and dashes ignored). */
export const redeemGiftCardSchema = z.object({
  code: z
    .string({ error: said("rules.giftCards.code") })
    .trim()
    .min(1, said("rules.giftCards.code"))
    .max(64, said("rules.giftCards.codeUnknown")),
});

/** POST /api/gift-cards/preview: a CSV of recipients (email, amount, message) and its currency. */
export const giftCardCsvSchema = z.object({
  csv: z
    .string({ error: said("rules.giftCards.csv") })
    .min(1, said("rules.giftCards.csv"))
    .max(60_000, said("rules.giftCards.csvSize")),
  currency: currencyCode.optional(),
});

/** POST /api/admin/gift-cards/{id}/void: why (a disputed charge, told to the audit log). */
export const voidGiftCardSchema = z.object({
  reason: freeText(word("reason"), { required: said("rules.giftCards.reason") })
    .min(3, said("rules.giftCards.reason"))
    .max(500, said("rules.common.atMost", { field: "reason", count: "500" })),
});
