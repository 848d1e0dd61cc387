import "server-only";
import { randomUUID } from "node:crypto";
import type { BuyGiftCardsInput } from "@/lib/contract/gift-cards/rules";
import { minorToMajor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { GIFT_CARD_SEND_MAX_DAYS } from "@/lib/shared/money/gift-cards";
import { zonedInputToIso } from "@/lib/shared/time/opening-hours";
import { newGiftCode } from "../gift-cards/codes";
import { cardsOfPayment, deleteUnpaidCards, insertGiftCards } from "../gift-cards/queries";
import { giftCardJson, type GiftCardJson } from "../gift-cards/read";
import { db } from "../platform/db";
import { ApiError, fieldError, forbidden } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { authorizeOnce, insertPayment } from "./charge";
import { declined } from "./card-checkout";
import { cardToCharge } from "./methods";
import { paymentProvider, providerNamed } from "./providers/select";
import { applyIntent } from "./state";
import { said } from "@/lib/shared/words/said";

// Gift cards bought by card (docs/architecture/ledger.md "Gift cards"): one card or a company's
// many, one authorization for the total on a saved card, captured at once, as a top-up is
// (top-up.ts). The cards are written with the Payment (each once: paymentId and position), and only
// the capture the provider confirms books them (gift-cards/book.ts through state.ts applyIntent) and
// mails those due now. One Idempotency-Key is one authorization, one Payment, one set of cards. A
// decline, or a card asking for 3-D Secure (not offered here: another card), charges nothing and
// leaves no card. The buyer is told where the cards go, never their codes.

export type GiftPurchaseJson = { cards: GiftCardJson[]; total: number; currency: string; card: string; message: string };

const DAY_MS = 86_400_000;

/** When the cards are mailed: at 9:00 on `sendOn` in the market's zone; today, or no date, at once. A past date, or one too far ahead, is a 400 naming `sendOn`. */
function sendAtOf(sendOn: string | undefined, timeZone: string, now: Date): Date {
  if (!sendOn) return now;
  const iso = zonedInputToIso(`${sendOn}T09:00`, timeZone);
  if (!iso) throw fieldError("sendOn", said("rules.giftCards.sendOn"));
  const at = new Date(iso);
  if (at.getTime() < now.getTime() - DAY_MS) throw fieldError("sendOn", said("rules.giftCards.sendOnPast"));
  if (at.getTime() > now.getTime() + GIFT_CARD_SEND_MAX_DAYS * DAY_MS) throw fieldError("sendOn", said("rules.giftCards.sendOnFar", { days: GIFT_CARD_SEND_MAX_DAYS }));
  return at < now ? now : at;
}

/** POST /api/gift-cards. `key`: the request's Idempotency-Key. */
export async function buyGiftCards(user: SessionUser, input: BuyGiftCardsInput, key: string | null, now = new Date()): Promise<GiftPurchaseJson> {
  if (user.guestAccount) throw forbidden(said("rules.giftCards.guest"));
  const { currency, recipients } = input;
  const market = await db.market.findFirst({ where: { currency }, orderBy: { id: "asc" }, select: { timeZone: true } });
  if (!market) throw fieldError("currency", said("rules.giftCards.currency"));
  const sendAt = sendAtOf(input.sendOn, market.timeZone, now);
  const totalCents = recipients.reduce((sum, recipient) => sum + recipient.amountCents, 0);
  const card = await cardToCharge(user, input.paymentMethodId, "paymentMethodId", "paymentMethodId");
  const provider = paymentProvider();
  const idempotencyKey = `giftcard:${user.id}:${key ?? randomUUID()}`;
  let intent = await authorizeOnce({ amountCents: totalCents, currency, paymentMethodId: card.providerId, idempotencyKey, returnUrl: "/gift-cards" });
  if (intent.amountCents !== totalCents || intent.currency !== currency) throw new ApiError("unprocessable", said("messages.idempotencyReused"));
  const authorized = intent;
  let payment = await sqlTransaction(async (sql) => {
    const row = await insertPayment(sql, { userId: user.id, provider: provider.name, intent: authorized, card, state: "requires_action", purpose: "giftcard", now });
    if (row.userId !== user.id || row.purpose !== "giftcard") throw new ApiError("unprocessable", said("messages.idempotencyReused"));
    const cards = recipients.map((recipient, position) => {
      const { codeHash, sealedCode } = newGiftCode();
      return { position, recipientEmail: recipient.email, message: recipient.message, amountCents: recipient.amountCents, codeHash, sealedCode };
    });
    await insertGiftCards(sql, { buyerId: user.id, paymentId: row.id, currency, sendAt, now }, cards);
    return row;
  });
  payment = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, authorized, now))) ?? payment;
  if (payment.state === "authorized") {
    const captured = await providerNamed(payment.provider).capture(payment.intentId, `capture:${payment.id}`);
    intent = captured;
    payment = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, captured, now))) ?? payment;
  }
  if (payment.state !== "captured") {
    // A 3-D Secure card: its authorization released; a decline: nothing to release. No card stays.
    if (payment.state === "requires_action") await providerNamed(payment.provider).void(payment.intentId, `void:${payment.id}`);
    const paymentId = payment.id;
    await sqlTransaction((sql) => deleteUnpaidCards(sql, paymentId));
    const code = payment.state === "requires_action" ? "authentication_failed" : (intent.failureCode ?? payment.failureCode);
    throw declined({ failureCode: code === "capture_failed" ? "card_declined" : code }, "paymentMethodId");
  }
  const paymentId = payment.id;
  const cards = await sqlTransaction((sql) => cardsOfPayment(sql, paymentId));
  const json = cards.map((row) => giftCardJson({ ...row, disputed: false, buyerEmail: null }));
  const first = json[0]!;
  const message =
    json.length === 1
      ? said(first.status === "sent" ? "done.giftCardSent" : "done.giftCardScheduled", { email: first.recipientEmail, amount: formatCents(totalCents, { currency }) })
      : said("done.giftCardsBought", { count: json.length, amount: formatCents(totalCents, { currency }) });
  return { cards: json, total: minorToMajor(totalCents, currency), currency, card: cardLabel(payment), message };
}
