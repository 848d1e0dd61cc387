import "server-only";
import { randomBytes } from "node:crypto";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { majorIn } from "@/lib/shared/money/currency";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError, conflict, notFound } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { declineMessage } from "./providers/provider";
import { paymentProvider } from "./providers/select";
import { claimPayLink, insertPayLink, markPayLinkPaid, payLinkByToken, releasePayLink } from "./queries/pay-links";
import { insertFixAuthorization, linkFixPayment, paymentByIntent } from "./queries/payments";
import { applyIntent } from "./state";
import { syncOrderPayment } from "./sync";
import { said, word } from "@/lib/shared/words/said";

// A phone order paid by a card the customer gives over a link (docs/architecture/phone-orders.md
// "Paid by a link"): the order is placed as a card order with no authorization yet, held as a held
// order is (the board's "Waiting for payment", no step past accepted, no courier offered), and the
// customer pays its exact total once on the public /pay/{token} page, with no account. The link is
// claimed (one conditional UPDATE) before the provider is called and the authorization's key is made
// from the claim, so of 20 pays at once one authorizes and the card is charged once. Unpaid when it
// expires, the orders.cancel-unpaid job cancels the order (orders/unpaid.ts): nothing was charged.

/** How long a payment link can be paid: the held order's wait (HELD_ORDER_MINUTES, default 30). */
export const payLinkMinutes = () => config().payments.heldOrderMinutes;

export const payLinkUrl = (token: string) => `${config().linkOrigin}/pay/${token}`;

/** The order's link (in the placement's transaction): an unguessable token, expiring after payLinkMinutes. */
export async function createPayLink(sql: Sql, orderId: number, now = new Date()): Promise<{ url: string; expiresAt: Date; minutes: number }> {
  const token = randomBytes(24).toString("base64url");
  const minutes = payLinkMinutes();
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await insertPayLink(sql, orderId, token, expiresAt, now);
  return { url: payLinkUrl(token), expiresAt, minutes };
}

/** The link of `token` if it can still be seen: unexpired or paid, its order open (else a 404, as an unknown token). */
async function openLink(token: string, now: Date) {
  const link = await sqlTransaction((sql) => payLinkByToken(sql, token));
  const open = link && link.stage !== null && ["placed", "accepted", "ready", "out_for_delivery", "delivered"].includes(link.stage);
  if (!link || !open || (!link.paidAt && (link.expiresAt <= now || !["placed", "accepted", "ready"].includes(link.stage!))))
    throw notFound(said("messages.notFound", { what: word("paymentLink") }));
  return link;
}

export type PayLinkView = {
  restaurant: string;
  /** The restaurant's zone: the page shows the expiry in it. */
  timeZone: string;
  items: { name: string; quantity: number; options: string[]; total: number }[];
  /** Who delivers it and the delivery fee in the total: the restaurant's own staff (no Nosh fee) or a Nosh courier; null for a pickup. */
  delivery: { by: "restaurant" | "courier"; fee: number } | null;
  total: number;
  /** The order's currency: the amounts are in its unit. */
  currency: string;
  paid: boolean;
  expiresAt: string;
};

/** What the /pay/{token} page shows: the restaurant, the dishes and the total; never the customer's name, phone or address. */
export async function readPayLink(token: string, now = new Date()): Promise<PayLinkView> {
  const link = await openLink(token, now);
  const order = await db.order.findUniqueOrThrow({
    where: { id: link.orderId },
    select: {
      currency: true,
      pickup: true,
      staffDelivery: true,
      deliveryFeeCents: true,
      priorityFeeCents: true,
      restaurant: { select: { name: true, timeZone: true } },
      orderItems: { orderBy: { id: "asc" }, select: { name: true, quantity: true, priceCents: true, options: { select: { name: true } } } },
    },
  });
  // Amounts in major units of the order's currency (whole yen in a JPY market).
  const major = majorIn(order.currency);
  return {
    restaurant: order.restaurant?.name ?? "",
    timeZone: order.restaurant?.timeZone ?? "America/Los_Angeles",
    items: order.orderItems.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      options: item.options.map((option) => option.name),
      // A line's price includes its options' deltas.
      total: major(item.priceCents * item.quantity),
    })),
    delivery: order.pickup ? null : { by: order.staffDelivery ? "restaurant" : "courier", fee: major(order.deliveryFeeCents + order.priorityFeeCents) },
    total: major(link.totalCents),
    currency: order.currency,
    paid: link.paidAt !== null,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * POST /api/pay/{token}: the order's exact total authorized on the card the customer entered (the
 * provider's payment method id from the card form), then captured as any card order's is (at once
 * if the restaurant has accepted, else when it does). A decline is a 402 beside `card`, and the
 * customer may try another card.
 */
export async function payByLink(token: string, input: { card: string }, now = new Date()): Promise<{ paid: true; total: number; card: string }> {
  const link = await openLink(token, now);
  if (link.paidAt) throw conflict(said("messages.payLinkPaid"), { card: said("messages.payLinkPaid") });
  const provider = paymentProvider();
  const card = await provider.retrieveCard(input.card);
  if (!card) throw new ApiError("bad_request", said("messages.payLinkCard"), { card: said("messages.payLinkCard") });
  const claim = await sqlTransaction((sql) => claimPayLink(sql, link.id, now, now));
  if (claim === null) throw conflict(said("messages.payLinkPaying"), { card: said("messages.payLinkPaying") });
  try {
    const intent = await provider.authorize({
      amountCents: link.totalCents,
      currency: link.currency,
      paymentMethodId: card.id,
      idempotencyKey: `link:${link.id}:${claim}`,
      returnUrl: `/pay/${token}`,
    });
    const payment = await sqlTransaction(async (sql) => {
      const inserted =
        (await paymentByIntent(sql, provider.name, intent.id)) ??
        (await insertFixAuthorization(sql, link.userId, provider.name, intent.id, { id: null, brand: card.brand, last4: card.last4 }, link.totalCents, link.currency));
      const applied = (await applyIntent(sql, provider.name, intent)) ?? inserted;
      if (applied.state === "authorized") {
        await linkFixPayment(sql, applied.id, link.orderId);
        await markPayLinkPaid(sql, link.id, claim, now);
      }
      return applied;
    });
    if (payment.state === "requires_action") throw new ApiError("payment_required", said("messages.payLinkChallenge"), { card: said("messages.payLinkChallenge") });
    if (payment.state !== "authorized") {
      const message = declineMessage(intent.failureCode);
      throw new ApiError("payment_required", message, { card: message });
    }
  } catch (error) {
    // Declined, or anything before the authorization was linked: the customer may try again.
    await sqlTransaction((sql) => releasePayLink(sql, link.id, claim)).catch(() => undefined);
    throw error;
  }
  await syncOrderPayment(link.orderId);
  return { paid: true, total: majorIn(link.currency)(link.totalCents), card: cardLabel(card) };
}
