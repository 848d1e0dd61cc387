import "server-only";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { config } from "../platform/config";
import { ApiError, notFound } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import {
  cardSaved,
  cardsOf,
  clearDefaultCard,
  deleteCard,
  hasAnyCard,
  insertCard,
  insertFirstCard,
  lockCardOwner,
  makeNewestDefault,
  type SavedCard,
} from "./queries/cards";
import { paymentProvider } from "./providers/select";
import { tokenize, TEST_PROVIDER } from "./providers/test/provider";
import { said } from "@/lib/shared/words/said";

// A customer's saved cards (docs/architecture/payments.md): the provider's payment method id with
// the brand, last four and expiry the provider reported. Where demo data is on (NOSH_DEMO), every
// account starts with the test provider's always-succeeding card saved as its default ("Visa ••••
// 4242, test"): saved where the account is created (sign-up, guest) or, for an account made
// otherwise (the seeded demo accounts), at its first card payment (a POST). A GET never writes:
// listing the cards shows what exists.

export type { SavedCard } from "./queries/cards";

export type SavedCardJson = { id: number; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean; test: boolean; label: string };

export const cardToJson = (card: SavedCard): SavedCardJson => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  isDefault: card.isDefault,
  test: card.provider === TEST_PROVIDER,
  label: `${cardLabel(card)}${card.provider === TEST_PROVIDER ? ", test" : ""}`,
});

/**
 * With demo data on (and the test provider in use), the demo card (Visa 4242) saved as the
 * account's default when it has no card at all; a second call (or a race) saves none. Called from POSTs only (sign-up, guest, card payment).
 */
export async function saveDemoCard(userId: number): Promise<void> {
  // With Stripe in use the test provider's card could not be charged: accounts add their own cards.
  if (!config().demoLogin || paymentProvider().name !== TEST_PROVIDER) return;
  if (await sqlTransaction((sql) => hasAnyCard(sql, userId))) return;
  const card = await tokenize({ number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 8, cvc: "123", postalCode: "94105" });
  await sqlTransaction(async (sql) => {
    if (config().databaseProvider === "postgresql") await lockCardOwner(sql, userId);
    await insertFirstCard(sql, userId, { ...card, provider: TEST_PROVIDER, providerId: card.id });
  });
}

/** GET /api/payment-methods: the caller's cards, the default first. Reads only. */
export async function listCards(user: SessionUser): Promise<SavedCard[]> {
  return sqlTransaction((sql) => cardsOf(sql, user.id));
}

/** A user's cards read with no request (a membership's renewal: membership/renew.ts), the default first. */
export const cardsOfUser = (userId: number): Promise<SavedCard[]> => sqlTransaction((sql) => cardsOf(sql, userId));

/** The card a card payment uses: the one named (the caller's own, else 400 naming `field`), else the default; none is a 422 naming the payment method. */
export async function cardToCharge(user: SessionUser, id: number | undefined, field: string, methodField: string): Promise<SavedCard> {
  await saveDemoCard(user.id);
  const cards = await listCards(user);
  if (id !== undefined) {
    const card = cards.find((saved) => saved.id === id);
    if (!card) throw new ApiError("bad_request", said("messages.cardNotSaved"), { [field]: said("messages.cardNotSaved") });
    return card;
  }
  const card = cards.find((saved) => saved.isDefault) ?? cards[0];
  if (!card) {
    const message = said("messages.addCardOrWallet");
    throw new ApiError("unprocessable", message, { [methodField]: message });
  }
  return card;
}

/**
 * POST /api/payment-methods { paymentMethodId: "pm_...", makeDefault? }: a card the browser
 * tokenized at the provider, saved for the caller. The provider is asked what it is (brand, last
 * four); an id it does not know is a 400, one saved already (by anyone) a 409. The first card is the default.
 */
export async function saveCard(user: SessionUser, input: { paymentMethodId: string; makeDefault?: boolean }): Promise<SavedCard> {
  const provider = paymentProvider();
  const card = await provider.retrieveCard(input.paymentMethodId);
  if (!card) throw new ApiError("bad_request", said("messages.cardUnknown"), { paymentMethodId: said("rules.handlers.unknownMethod") });
  return sqlTransaction(async (sql) => {
    if (await cardSaved(sql, provider.name, card.id))
      throw new ApiError("conflict", said("messages.cardSaved"), { paymentMethodId: said("rules.handlers.alreadySaved") });
    const others = await cardsOf(sql, user.id);
    const makeDefault = input.makeDefault === true || others.length === 0;
    if (makeDefault) await clearDefaultCard(sql, user.id);
    return insertCard(sql, user.id, { ...card, provider: provider.name, providerId: card.id }, makeDefault);
  });
}

/** DELETE /api/payment-methods/{id}: the caller's card removed (another's is a 404); the newest left becomes the default. */
export async function removeCard(user: SessionUser, id: number): Promise<void> {
  await sqlTransaction(async (sql) => {
    const deleted = await deleteCard(sql, id, user.id);
    if (!deleted) throw notFound(said("messages.cardNotFound"));
    if (!deleted.isDefault) return;
    await makeNewestDefault(sql, user.id);
  });
}
