import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { CHANGE_SAID, type ChangeAnswer } from "@/lib/shared/orders/accepted-order-changes";
import type { SessionUser } from "../platform/session-user";
import { account, balanceOf, post, walletAccounts } from "../ledger/post";
import { declined } from "../payments/card-checkout";
import { cardToCharge, type SavedCard } from "../payments/methods";
import type { Intent, PaymentProvider } from "../payments/providers/provider";
import { paymentProvider } from "../payments/providers/select";
import { syncOrderPayment } from "../payments/sync";
import { authorizeOnce, insertPayment } from "../payments/charge";
import { applyIntent } from "../payments/state";
import { conflict, fieldError, notFound } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { readOrderForChange } from "./order-row";
import { entryPosted, ownChange, type ChangeRow } from "./queries";
import { replacementChoice } from "./replacement-choices";
import { amountsOf, settleChange } from "./settle";
import { said, word } from "@/lib/shared/words/said";

// The customer's answer to a change (PUT /api/orders/{id}/changes/{changeId}):
// `replace` (take the kitchen's suggestion, with its options chosen: replacement-choices.ts) or
// `remove`. A cheaper replacement or a removal is refunded the way the order was paid; a dearer
// replacement is charged: from the wallet when it covers the difference (else a 400 beside
// `answer`, nothing changed), or by a new authorization and capture on the customer's card
// through the provider, keyed by the change, so parallel answers share one charge (its Payment,
// purpose change, written with the settling entry keyed by it, for the reconciliation; a capture
// no change took is given back with a ledger trace); a decline is a 402 and nothing changes. One
// conditional move of the change (settle.ts) settles it once: a repeated answer that matches the
// settled one answers it, another is a 409.

async function readChange(sql: Sql, user: SessionUser, orderId: number, changeId: number): Promise<ChangeRow> {
  const change = await ownChange(sql, user.id, orderId, changeId);
  if (!change) throw notFound(said("messages.notFound", { what: word("change") }));
  return change;
}

const STATE_OF: Record<ChangeAnswer, "replaced" | "removed"> = { replace: "replaced", remove: "removed" };

/** The answer, settled once. Throws when another answer settled the change differently. */
export async function answerChange(
  user: SessionUser,
  orderId: number,
  changeId: number,
  answer: ChangeAnswer,
  now = new Date(),
  optionIds: readonly number[] = [],
): Promise<void> {
  const change = await sqlTransaction((sql) => readChange(sql, user, orderId, changeId));
  const settledAlready = () => {
    if (change.state === STATE_OF[answer]) return;
    throw conflict(said("messages.changeAnswered"), { answer: said("messages.changeAnswered") });
  };
  if (change.state !== "asked") return settledAlready();
  if (answer === "replace" && change.replacementItemId === null) throw fieldError("answer", said("messages.changeNoReplacement"));
  const choice = answer === "replace" ? await replacementChoice(change, optionIds, now) : undefined;
  const order = await sqlTransaction(async (sql) => (await readOrderForChange(sql, orderId))!);
  const delta = choice ? amountsOf(order, change, choice.unitCents).deltaCents : -1;
  const charge = delta > 0 && order.paymentMethod === "card" ? await chargeCard(user, changeId, delta, orderId, order.currency) : null;
  if (delta > 0 && !charge) {
    const balance = await sqlTransaction(async (sql) => (await Promise.all(walletAccounts(user.id).map((id) => balanceOf(sql, id)))).reduce((a, b) => a + b, 0));
    if (balance < delta) throw fieldError("answer", CHANGE_SAID.walletShort(formatCents(delta - balance)));
  }
  let taken = !charge;
  try {
    const settled = await sqlTransaction(async (sql) => {
      // A card's capture: its Payment (purpose change, linked to the change) and the settling entry keyed by it, in one transaction.
      const key = charge ? changeKey((await recordCharge(sql, user, changeId, charge, now)).id) : undefined;
      // Already posted: a duplicate answer of this capture settled the change with it, or gave it back.
      if (key && (await entryPosted(sql, key))) return { done: false, taken: true };
      const done = await settleChange(sql, changeId, STATE_OF[answer], now, charge && key ? { cents: charge.intent.capturedCents, key } : undefined, choice);
      // Another answer won: this capture stands only if it was that answer's (the same intent, the same Payment).
      return { done: Boolean(done), taken: Boolean(done) || !key || (await entryPosted(sql, key)) };
    });
    taken = settled.taken;
    if (!settled.done) {
      const now = await sqlTransaction((sql) => readChange(sql, user, orderId, changeId));
      change.state = now.state;
      settledAlready();
    }
  } finally {
    // A capture no settled change took (the move was lost to a removal, or refused) is given back at once.
    if (charge && !taken) await giveBack(user, changeId, charge, now);
  }
  if (order.paymentMethod === "card") await syncOrderPayment(orderId);
}

type Charge = { intent: Intent; card: SavedCard; provider: PaymentProvider };
/** The ledger key of a replacement's card capture: its Payment's (the reconciliation reads it, payouts/reconcile.ts). */
const changeKey = (paymentId: number) => `change:${paymentId}`;

function recordCharge(sql: Sql, user: SessionUser, changeId: number, charge: Charge, now: Date) {
  const { intent, card, provider } = charge;
  return insertPayment(sql, { userId: user.id, provider: provider.name, intent, card, state: "captured", purpose: "change", orderChangeId: changeId, now });
}

/** A capture no change took: its Payment kept, owed back to the card (card-refunds, keyed by the payment) and refunded through the provider, as a tip's losing raise (orders/tip-raise.ts). */
async function giveBack(user: SessionUser, changeId: number, charge: Charge, now: Date): Promise<void> {
  const { intent, provider } = charge;
  const payment = await sqlTransaction(async (sql) => {
    const payment = await recordCharge(sql, user, changeId, charge, now);
    const key = changeKey(payment.id);
    if (await entryPosted(sql, key)) return null;
    await post(sql, {
      kind: "payment",
      key,
      // The charge's currency (the order's): this entry has no order.
      currency: intent.currency,
      lines: [
        { account: account.external, amountCents: -intent.capturedCents },
        { account: account.cardRefunds, amountCents: intent.capturedCents },
      ],
      now,
    });
    return payment;
  });
  if (!payment) return;
  const refunded = await provider.refund(intent.id, intent.capturedCents, `refund:${payment.intentId}`);
  await sqlTransaction((sql) => applyIntent(sql, provider.name, refunded));
}

/** A dearer replacement on a card: a new charge of `cents`, authorized and captured; a decline is a 402 beside `answer`. */
async function chargeCard(user: SessionUser, changeId: number, cents: number, orderId: number, currency: string): Promise<Charge> {
  const card = await cardToCharge(user, undefined, "answer", "answer");
  const provider = paymentProvider();
  let intent: Intent = await authorizeOnce({
    amountCents: cents,
    currency,
    paymentMethodId: card.providerId,
    idempotencyKey: `order-change:${changeId}:${cents}`,
    returnUrl: `/orders/${orderId}`,
  });
  if (intent.status === "requires_action") {
    await provider.void(intent.id, `void:${intent.id}`);
    throw declined({ failureCode: "authentication_failed" }, "answer");
  }
  if (intent.status === "requires_capture") intent = await provider.capture(intent.id, `capture:${intent.id}`);
  if (intent.status !== "succeeded") throw declined({ failureCode: intent.failureCode ?? "card_declined" }, "answer");
  return { intent, card, provider };
}
