import { buyGiftCardsSchema, giftCardCsvSchema, redeemGiftCardSchema, voidGiftCardSchema } from "@/lib/contract/gift-cards/rules";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { GIFT_CARD_BATCH_MAX } from "@/lib/shared/money/gift-cards";
import { giftCardSchema, giftPreviewSchema, giftPurchaseSchema, redeemedSchema } from "./schemas";
import { list, member, op, operator } from "../define";

// Gift cards (docs/architecture/ledger.md "Gift cards"): bought by card (one, or a company's many
// from a CSV), mailed with a code, redeemed once into the wallet; the operators' list and void.
export const giftCardOperations = [
  op("POST /api/gift-cards", {
    summary: `Buys gift cards on a saved card (\`paymentMethodId\`, else the default), one card payment for the total: \`recipients\` (1 to ${GIFT_CARD_BATCH_MAX}: email, amount in whole units of \`currency\` within its bounds, optional message), \`currency\` (a market's, USD when absent), \`sendOn\` (a date in the market's zone; none: now). Each recipient is mailed a code and a link on that date; the buyer never sees the codes. One Idempotency-Key buys once`,
    access: member,
    body: buyGiftCardsSchema,
    idempotent: { scope: "gift-cards.buy" },
    ok: { status: 201, description: "The cards bought and the card charged", schema: giftPurchaseSchema },
    errors: {
      400: "An amount out of bounds, a wrong currency, a bad email or date (`errors` names `recipients.{i}.amount`...; nothing charged)",
      402: "The card was declined, or asks for 3-D Secure (nothing charged, beside `paymentMethodId`)",
      403: "A guest account",
      422: "No saved card, or the Idempotency-Key was used with another purchase",
    },
    fixture: {
      matrix: { body: { recipients: [{ email: "friend@example.com", amount: 10, message: "Matrix check" }] } },
      fuzz: { valid: { recipients: [{ email: "friend@example.com", amount: 10 }] } },
    },
  }),
  op("GET /api/gift-cards", {
    summary: "The gift cards one sent, newest first, with their status (scheduled, sent, redeemed, voided); never their codes",
    access: member,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "A page of cards", schema: list("giftCards", giftCardSchema) },
    errors: { 403: "A guest account" },
    fixture: { matrix: {}, list: { as: "customer" } },
  }),
  op("POST /api/gift-cards/preview", {
    summary: `A company's recipients as CSV (a header with email, amount and message, then up to ${GIFT_CARD_BATCH_MAX} lines) checked by the purchase's rules: each row with its errors by column, and the valid rows' total; nothing is bought`,
    access: member,
    body: giftCardCsvSchema,
    ok: { description: "The rows and the total", schema: giftPreviewSchema },
    errors: { 400: "Not a CSV with the columns email and amount, or too many lines" },
    fixture: { matrix: { body: { csv: "email,amount,message\nfriend@example.com,10,Hi" } }, fuzz: { valid: { csv: "email,amount\na@example.com,10" } } },
  }),
  op("POST /api/gift-cards/redeem", {
    summary:
      "Redeems a gift card's `code` once into one's wallet (its paid money, in the card's currency), whoever bought it; of any number of requests at once with one code, one adds. Unknown codes are limited per account and per address in an hour",
    access: member,
    body: redeemGiftCardSchema,
    ok: { description: "The amount added and the wallet's balance", schema: redeemedSchema },
    errors: {
      400: "An unknown code (beside `code`)",
      403: "A guest account",
      409: "The card was already redeemed, or voided (beside `code`)",
      429: "Too many unknown codes from this account or address: retry after Retry-After seconds",
    },
    fixture: { matrix: { body: { code: "AAAA-BBBB-CCCC-DDDD" }, status: 400 }, fuzz: { valid: { code: "AAAA-BBBB-CCCC-DDDD" } } },
  }),
  op("GET /api/admin/gift-cards", {
    summary: "Every gift card sold, newest first: its buyer, recipient, amount, status and whether its charge is disputed",
    access: operator,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "A page of cards", schema: list("giftCards", giftCardSchema) },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator" } },
  }),
  op("POST /api/admin/gift-cards/{id}/void", {
    summary:
      "Voids an unredeemed gift card whose charge is disputed, with a `reason` (audited): its amount leaves the gift-cards liability for the outside world (the bank took it back), once; its code no longer redeems",
    access: operator,
    body: voidGiftCardSchema,
    ok: { description: "The card, voided", schema: giftCardSchema },
    errors: { 404: "Unknown gift card", 409: "Redeemed already, voided already, or its charge is not disputed" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: 999_999 }, body: { reason: "Matrix check" }, status: 404 },
      fuzz: { valid: { reason: "Disputed charge" } },
    },
  }),
];
