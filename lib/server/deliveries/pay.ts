import "server-only";
import { randomUUID } from "node:crypto";
import { DELIVERY_SAID, type PayWith } from "@/lib/shared/delivery/deliveries";
import type { DeliveryAcceptInput } from "@/lib/contract/deliveries/rules";
import { payOrderFrom } from "../ledger/orders";
import { account } from "../ledger/post";
import { marketOfRestaurant } from "../markets/markets";
import { declined } from "../payments/card-checkout";
import { cardsOf, type SavedCard } from "../payments/queries/cards";
import { insertAuthorization, linkAuthorizedPayment, paymentByIntent, type PaymentRow } from "../payments/queries/payments";
import { paymentProvider } from "../payments/providers/select";
import { applyIntent } from "../payments/state";
import { syncOrderPayment, voidPayment } from "../payments/sync";
import { availableOf } from "../payouts/lifecycle";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { ApiError, conflict } from "../platform/errors";
import { sqlTransaction, type PrismaSql, type Sql } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said } from "@/lib/shared/words/said";

// Paying for a delivery (docs/architecture/api-keys.md "Paying for a delivery"): its fee and tip
// are paid up front when its quote is accepted, never on credit, one of two ways (PAY_WITH):
// - `earnings`: the restaurant's available earnings (payouts/lifecycle.ts availableOf: its
//   balance less what is held, pending or promotional), never more: the debit keeps what is held,
//   in the accept's transaction, so two accepts at once cannot both spend the same earnings;
// - `card`: the owner's default saved card, authorized for the total before the accept's
//   transaction (as checkout does: a decline or a 3-D Secure card is a 402, nothing accepted),
//   linked to the delivery's order in it, and captured right after it commits (payments/sync.ts):
//   the capture posts the order's payment, external -> clearing. A cancel refunds it to the card.
// Not asked (`payWith` absent): the earnings when they cover the total, else the card; neither
// can: a 402 naming `payWith`. The tip is paid with the fee, by the requester: a courier is paid
// only money that came in. And an owner's restaurants have at most DELIVERIES_OPEN_MAX deliveries
// on their way at once (DELIVERIES_OPEN_MAX_UNVERIFIED until the owner's email is verified).

export type DeliveryPayment = { method: "earnings" } | { method: "card"; payment: PaymentRow };

const paymentRequired = (message: string) => new ApiError("payment_required", message, { payWith: message });

/** What can pay a delivery now: the restaurant's available earnings (and what its balance holds back), and its owner's card. */
export async function fundsOf(sql: Sql, restaurant: { id: number; ownerId: number }, now = new Date()) {
  const { availableCents, balanceCents } = await availableOf(sql, account.restaurant(restaurant.id), now);
  const cards = await cardsOf(sql, restaurant.ownerId);
  return { availableCents, heldCents: balanceCents - availableCents, card: (cards.find((card) => card.isDefault) ?? cards[0] ?? null) as SavedCard | null };
}
export type Funds = Awaited<ReturnType<typeof fundsOf>>;

/** How `totalCents` would be paid unless told otherwise: the earnings when they cover it, else the card; null: nothing can. */
export function wayNow(funds: Funds, totalCents: number): PayWith | null {
  if (funds.availableCents >= totalCents) return "earnings";
  return funds.card ? "card" : null;
}

/** The way `totalCents` is paid: the one asked for, else wayNow; a 402 naming `payWith` when it cannot be. */
export function wayToPay(funds: Funds, totalCents: number, asked?: PayWith): PayWith {
  if (asked === "earnings" && funds.availableCents < totalCents) throw paymentRequired(said("messages.deliveryEarningsShort"));
  if (asked === "card" && !funds.card) throw paymentRequired(said("messages.deliveryNoCard"));
  const way = asked ?? wayNow(funds, totalCents);
  if (!way) throw paymentRequired(said("messages.deliveryNothingPays"));
  return way;
}

/** Deliveries on their way for the owner's restaurants: accepted, their order neither delivered nor ended. */
export function openDeliveries(tx: Tx, ownerId: number): Promise<number> {
  return tx.deliveryRequest.count({
    where: { state: "accepted", restaurant: { ownerId }, order: { is: { stage: { notIn: ["delivered", "canceled", "rejected", "expired"] } } } },
  });
}

/** The most deliveries the owner's restaurants may have on their way at once (0: no limit). */
export const openLimitOf = (emailVerified: boolean) => (emailVerified ? config().deliveriesOpen.max : config().deliveriesOpen.unverified);

/**
 * Room for one more delivery on its way (a 409 past the owner's limit), first in the accept's
 * transaction: the owner's row is locked by an UPDATE, so two accepts of one owner's restaurants
 * count and spend one after the other on PostgreSQL too (SQLite runs one write transaction at a time).
 */
export async function assertOpenRoom(tx: Tx, ownerId: number): Promise<void> {
  const { emailVerifiedAt } = await tx.user.update({ where: { id: ownerId }, data: { restaurantOwner: true }, select: { emailVerifiedAt: true } });
  const max = openLimitOf(emailVerifiedAt !== null);
  if (max && (await openDeliveries(tx, ownerId)) >= max) throw conflict(emailVerifiedAt ? DELIVERY_SAID.openMax(max) : DELIVERY_SAID.openMaxUnverified(max));
}

/**
 * The delivery's order paid, in the accept's transaction: from the earnings (at most what is
 * available now: the debit keeps what is held, so a refund or another accept committed since makes
 * it the 402/409, never an overdraft), or by linking the card's authorization to the order.
 */
export async function payDelivery(sql: PrismaSql, restaurantId: number, order: { id: number; totalCents: number }, payment: DeliveryPayment, now: Date) {
  if (payment.method === "card") {
    if (!(await linkAuthorizedPayment(sql, payment.payment.id, order.id, order.totalCents))) throw conflict(said("messages.quoteTaken"));
    return;
  }
  const balance = account.restaurant(restaurantId);
  const { availableCents, balanceCents } = await availableOf(sql, balance, now);
  if (availableCents < order.totalCents) throw paymentRequired(said("messages.deliveryEarningsShort"));
  await payOrderFrom(sql, balance, order, { keep: { [balance]: balanceCents - availableCents }, shortMessage: said("messages.deliveryEarningsShort") }, now);
}

/** The owner's card authorized for `totalCents` (outside any transaction); a decline or a card asking for 3-D Secure is a 402 naming `payWith`. */
async function authorizeCard(card: SavedCard, ownerId: number, totalCents: number, currency: string, returnUrl: string): Promise<PaymentRow> {
  const provider = paymentProvider();
  const intent = await provider.authorize({
    amountCents: totalCents,
    currency,
    paymentMethodId: card.providerId,
    idempotencyKey: `delivery:${ownerId}:${randomUUID()}`,
    returnUrl,
  });
  const payment = await sqlTransaction(async (sql) => {
    const inserted = await insertAuthorization(sql, ownerId, provider.name, intent.id, card, totalCents, currency);
    return (await applyIntent(sql, provider.name, intent)) ?? inserted;
  });
  if (payment.state === "requires_action") {
    // No one is there to answer the bank: the authorization goes, the request is refused.
    await voidPayment(payment).catch(() => undefined);
    throw paymentRequired(said("messages.deliveryCardChallenge"));
  }
  if (payment.state !== "authorized") throw declined(intent, "payWith");
  return payment;
}

/**
 * POST /api/manage/{id}/deliveries: the quote accepted and paid. `run` runs the accept (handed the
 * payment) in the route's transaction with its Idempotency-Key and returns its answer. A quote
 * unknown, taken or expired goes straight to the accept's 404 or 409: nothing is charged.
 */
export async function requestDelivery<A>(
  actor: Actor,
  restaurantId: number,
  input: DeliveryAcceptInput,
  run: (payment: DeliveryPayment) => Promise<A>,
  now = new Date(),
): Promise<A> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  const quote = await db.deliveryRequest.findFirst({ where: { quoteId: input.quoteId, restaurantId, state: "quoted", expiresAt: { gt: now } } });
  if (!quote) return run({ method: "earnings" });
  const totalCents = quote.feeCents + quote.tipCents;
  const funds = await sqlTransaction((sql) => fundsOf(sql, restaurant, now));
  if (wayToPay(funds, totalCents, input.payWith) === "earnings") return run({ method: "earnings" });
  const { currency } = await marketOfRestaurant(restaurantId);
  const payment = await authorizeCard(funds.card!, restaurant.ownerId, totalCents, currency, `/restaurants/${restaurantId}/api-keys`);
  let answer: A;
  try {
    answer = await run({ method: "card", payment });
  } catch (error) {
    await voidPayment(payment).catch(() => undefined); // The orphan sweep (payments/sync.ts) voids it if this fails.
    throw error;
  }
  // Linked: captured now (the capture posts the payment). Not linked: a duplicate request with the
  // same Idempotency-Key answered first, with its own payment; this authorization is released.
  const linked = await sqlTransaction((sql) => paymentByIntent(sql, payment.provider, payment.intentId));
  if (linked?.orderId == null) await voidPayment(payment).catch(() => undefined);
  else await syncOrderPayment(linked.orderId);
  return answer;
}
