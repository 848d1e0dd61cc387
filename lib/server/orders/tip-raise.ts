import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { tipCeilingCents, tipTooHighMessage } from "@/lib/shared/money/pricing";
import { TIP_RAISE_WINDOW_MS } from "@/lib/shared/money/tip-raise";
import type { SessionUser } from "../platform/session-user";
import { account, post } from "../ledger/post";
import { walletDebit } from "../ledger/wallet-parts";
import { authorizeOnce, insertPayment } from "../payments/charge";
import { challenge, declined } from "../payments/card-checkout";
import { cardToCharge } from "../payments/methods";
import type { Intent } from "../payments/providers/provider";
import { paymentByIntent } from "../payments/queries/payments";
import { paymentProvider, providerNamed } from "../payments/providers/select";
import { applyIntent } from "../payments/state";
import { config } from "../platform/config";
import { ApiError, conflict, fieldError, notFound } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { entryPosted, moveTip, raiseDeliveredJobPay, tipOrderRowOf } from "./queries/tip";
import { said } from "@/lib/shared/words/said";

// Raising the tip after delivery (docs/architecture/ledger.md "Raising the tip"):
// for an hour after delivery the customer may raise (never lower) the tip, within the tip's
// ceiling. The difference is paid to whoever delivered it (the courier; the restaurant when its
// own staff did): from the wallet through post() (its parts as wallet-parts.ts spends them), or
// by a new charge on the customer's card through the payment provider (authorized and captured;
// a decline changes nothing; its Payment, purpose tip, is written with the ledger entry, keyed by
// the payment, for the reconciliation). One conditional update of the order's tip (from the tip the
// request read to the new one) and one ledger entry keyed by the raise make a raise happen once,
// however many requests race; a card raise that lost to another is given back to the card;
// a request finding the tip already at its amount answers the order as it stands.

export const TIP_RAISE_SAID = {
  lower: (current: number) => said("messages.tipOnlyRaised", { tip: formatCents(current) }),
} as const;

type TipOrder = {
  id: number;
  userId: number;
  tipCents: number;
  subtotalCents: number;
  paymentMethod: string | null;
  closedAt: Date | null;
  recipient: string;
  /** The order's (the raise is charged in it). */
  currency: string;
};

async function readOrder(sql: Sql, user: SessionUser, orderId: number): Promise<TipOrder & { stage: string | null }> {
  const found = await tipOrderRowOf(sql, user.id, orderId);
  if (!found) throw notFound(said("messages.orderNotFound"));
  const { courierId, restaurantId, ...order } = found;
  return {
    ...order,
    // Who delivered it gets the tip, as the settlement gives them the rest of the courier's share (ledger/orders.ts settleOrder).
    recipient: courierId !== null ? account.courier(courierId) : restaurantId !== null ? account.restaurant(restaurantId) : account.platform,
  };
}

/** The checks before any money moves: delivered, within the hour, a raise, within the ceiling. Returns false when the tip is already `tipCents` (nothing to do). */
function check(order: TipOrder & { stage: string | null }, tipCents: number, now: Date): boolean {
  if (order.stage !== "delivered" || !order.closedAt) throw conflict(said("messages.tipNotDelivered"), { tip: said("messages.tipNotDelivered") });
  if (tipCents === order.tipCents) return false;
  if (tipCents < order.tipCents) throw fieldError("tip", TIP_RAISE_SAID.lower(order.tipCents));
  if (now.getTime() - order.closedAt.getTime() > TIP_RAISE_WINDOW_MS) throw conflict(said("messages.tipTooLate"), { tip: said("messages.tipTooLate") });
  const ceiling = config().money;
  const max = tipCeilingCents(order.subtotalCents, ceiling);
  if (tipCents > max) throw fieldError("tip", tipTooHighMessage(max, ceiling));
  return true;
}

/**
 * In one transaction: the order's tip from `from` to `to` (its total with it), the courier's job
 * pay with it, and the entry paying the difference (`payer`'s lines) to the recipient. False when
 * the tip is no longer `from` (another raise won): nothing written.
 */
async function record(
  sql: Sql,
  order: TipOrder,
  from: number,
  to: number,
  payer: (sql: Sql) => Promise<{ account: string; amountCents: number }[]>,
  now: Date,
  key = tipKey(order.id, from, to),
) {
  const diff = to - from;
  if (!(await moveTip(sql, order.id, from, to, now))) return false;
  await raiseDeliveredJobPay(sql, order.id, diff);
  await post(sql, {
    kind: "payment",
    key,
    orderId: order.id,
    lines: [...(await payer(sql)), { account: order.recipient, amountCents: diff }],
    now,
  });
  return true;
}

const tipKey = (orderId: number, from: number, to: number) => `order:${orderId}:tip:${from}:${to}`;

/** What a card raise is paid with: a saved card (else the default), or the charge a 3-D Secure challenge authorized. */
export type TipRaisePayment = { paymentMethodId?: number; paymentIntent?: string };

const TIP_CHALLENGE_MESSAGE = said("messages.tipConfirm");
const notYours = () => new ApiError("bad_request", said("messages.paymentNotYours"), { paymentIntent: said("rules.handlers.unknownPayment") });

/**
 * The card charge of a raise, authorized: on a saved card, its provider key the raise's (the tip
 * read, the new one, and the card when one is named), so racing duplicates share one
 * authorization. A card whose bank asks for 3-D Secure answers the challenge's 402 (as checkout
 * does, payments/checkout.ts), its Payment kept (purpose tip, no order) so the customer can come
 * back with it; the orphan sweep voids it if they never do.
 */
async function authorizeTip(user: SessionUser, order: TipOrder, from: number, to: number, paymentMethodId: number | undefined, now: Date) {
  const card = await cardToCharge(user, paymentMethodId, "paymentMethodId", "tip");
  const provider = paymentProvider();
  const intent = await authorizeOnce({
    amountCents: to - from,
    currency: order.currency,
    paymentMethodId: card.providerId,
    idempotencyKey: `tip:${order.id}:${from}:${to}${paymentMethodId === undefined ? "" : `:${card.id}`}`,
    returnUrl: `/orders/${order.id}`,
  });
  if (intent.status === "requires_action") {
    const payment = await sqlTransaction((sql) =>
      insertPayment(sql, { userId: user.id, provider: provider.name, intent, card, state: "requires_action", purpose: "tip", now }),
    );
    throw challenge(payment, intent, "tip", TIP_CHALLENGE_MESSAGE);
  }
  return { intent, card, payment: null };
}

const tipPaymentKey = (paymentId: number) => `tip:${paymentId}`;

/**
 * The charge a customer brings back from the 3-D Secure page: theirs, a tip's, for this raise's
 * difference, and authorized (else the challenge again, or the decline). `used` when its ledger
 * entry is posted: it paid a raise already (this one, by a duplicate request, or an earlier one).
 * Captured with no entry yet is a duplicate still on its way (or one that stopped between the
 * provider's capture and the write): it goes on, and the conditional tip update lets one count.
 */
async function resumeTip(user: SessionUser, intentId: string, diff: number) {
  const provider = paymentProvider();
  const payment = await sqlTransaction((sql) => paymentByIntent(sql, provider.name, intentId));
  if (!payment || payment.userId !== user.id || payment.purpose !== "tip") throw notYours();
  if (payment.amountCents !== diff) throw fieldError("tip", said("rules.handlers.tipConfirmed"));
  const used = () => sqlTransaction((sql) => entryPosted(sql, tipPaymentKey(payment.id)));
  if (await used()) return { used: true as const };
  const intent = await providerNamed(payment.provider).retrieveIntent(intentId);
  if (!intent) throw notYours();
  const current = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, intent))) ?? payment;
  if (current.state === "requires_action") throw challenge(current, intent, "tip", TIP_CHALLENGE_MESSAGE);
  if (current.state !== "authorized" && current.state !== "captured") {
    if (await used()) return { used: true as const };
    throw declined({ failureCode: intent.failureCode ?? "authentication_failed" }, "tip");
  }
  return { used: false as const, intent, card: null, payment: current };
}

/**
 * POST /api/orders/{id}/tip: the caller's delivered order's tip raised to `tipCents`. 404 not
 * theirs; 409 (beside `tip`) not delivered, or more than an hour since; 400 (beside `tip`) lower
 * than the tip, or above the ceiling; 402 a declined card (nothing changed), or a card whose bank
 * asks for 3-D Secure (the challenge's 402: `payment.challengeUrl`, then the same tip with
 * `paymentIntent`); 400 a wallet short.
 */
export async function raiseTip(user: SessionUser, orderId: number, tipCents: number, now = new Date(), pay: TipRaisePayment = {}): Promise<void> {
  const order = await sqlTransaction((sql) => readOrder(sql, user, orderId));
  if (!check(order, tipCents, now)) return;
  const from = order.tipCents;
  const diff = tipCents - from;
  if (order.paymentMethod !== "card") {
    const done = await sqlTransaction(async (sql) => {
      if (await record(sql, order, from, tipCents, (tx) => walletDebit(tx, order.userId, diff, order.currency), now)) return true;
      return (await readOrder(sql, user, orderId)).tipCents === tipCents;
    });
    if (!done) throw conflict(said("messages.tipChanged"), { tip: said("messages.tipChanged") });
    return;
  }
  // A card: a new charge of the difference, captured at once.
  const provider = paymentProvider();
  const resumed = pay.paymentIntent ? await resumeTip(user, pay.paymentIntent, diff) : null;
  if (resumed?.used) {
    // Its raise happened (a duplicate of this request won the race): the order as it stands; any other raise cannot spend it again.
    if ((await sqlTransaction((sql) => readOrder(sql, user, orderId))).tipCents === tipCents) return;
    throw conflict(said("messages.paymentUsed"), { paymentIntent: said("rules.handlers.alreadyUsed") });
  }
  const authorized = resumed ?? (await authorizeTip(user, order, from, tipCents, pay.paymentMethodId, now));
  let intent: Intent = authorized.intent;
  if (intent.status === "requires_capture") intent = await provider.capture(intent.id, `capture:${intent.id}`);
  if (intent.status !== "succeeded") throw declined({ failureCode: intent.failureCode ?? "card_declined" }, "tip");
  const captured = intent.capturedCents;
  const charged = intent;
  // The charge's Payment (purpose tip) and its ledger entry (keyed by the payment) in one
  // transaction: the reconciliation finds the provider's capture in both or in neither.
  const { outcome, payment } = await sqlTransaction(async (sql) => {
    const payment = authorized.payment
      ? ((await applyIntent(sql, provider.name, charged, now)) ?? authorized.payment)
      : await insertPayment(sql, { userId: user.id, provider: provider.name, intent: charged, card: authorized.card!, state: "captured", purpose: "tip", now });
    const key = tipPaymentKey(payment.id);
    if (await record(sql, order, from, tipCents, async () => [{ account: account.external, amountCents: -captured }], now, key)) return { outcome: "raised", payment };
    // Its entry posted already (by this request or a duplicate of it).
    if (await entryPosted(sql, key)) return { outcome: "raised", payment };
    // Another raise won meanwhile: this charge is owed back to the card until the provider confirms the refund.
    await post(sql, {
      kind: "payment",
      key,
      // The charge's currency (the order's): this entry has no order.
      currency: payment.currency,
      lines: [
        { account: account.external, amountCents: -captured },
        { account: account.cardRefunds, amountCents: captured },
      ],
      now,
    });
    return { outcome: (await readOrder(sql, user, orderId)).tipCents === tipCents ? "same" : "changed", payment };
  });
  if (outcome === "raised") return;
  const refunded = await provider.refund(intent.id, captured, `refund:${payment.intentId}`);
  await sqlTransaction((sql) => applyIntent(sql, provider.name, refunded));
  if (outcome === "changed") throw conflict(said("messages.tipChanged"), { tip: said("messages.tipChanged") });
}
