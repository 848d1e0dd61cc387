import "server-only";
import { formatCents } from "@/lib/shared/money";
import { CHANGE_MESSAGES, type ChangeAnswer } from "@/lib/shared/accepted-order-changes";
import type { SessionUser } from "../accounts/session-user";
import { balanceOf, walletAccounts } from "../ledger/post";
import { declined } from "../payments/checkout";
import { cardToCharge } from "../payments/methods";
import type { Intent } from "../payments/provider";
import { paymentProvider } from "../payments/select";
import { syncOrderPayment } from "../payments/sync";
import { authorizeOnce } from "../payments/charge";
import { conflict, fieldError, notFound } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { readOrderForChange } from "./order-row";
import { amountsOf, chargeKey, changeOf, settleChange, type ChangeRow } from "./settle";

// The customer's answer to a change (PUT /api/orders/{id}/changes/{changeId}, issue 63 item 5):
// `replace` (take the kitchen's suggestion) or `remove`. A cheaper replacement or a removal is
// refunded the way the order was paid; a dearer replacement is charged: from the wallet when it
// covers the difference (else a 400 beside `answer`, nothing changed), or by a new authorization
// and capture on the customer's card through the provider, keyed by the change, so parallel
// answers share one charge; a decline is a 402 and nothing changes. One conditional move of the
// change (settle.ts) settles it once: a repeated answer that matches the settled one answers it,
// another is a 409.

async function readChange(sql: Sql, user: SessionUser, orderId: number, changeId: number): Promise<ChangeRow & { state: string; userId: number }> {
  const [row] = await sql.all<Record<string, unknown>>(
    `SELECT c."id", c."orderId", c."orderItemId", c."itemName", c."itemPriceCents", c."quantity", c."replacementItemId", c."replacementName", c."replacementPriceCents", c."state", o."userId"
     FROM "OrderChange" c JOIN "Order" o ON o."id" = c."orderId" WHERE c."id" = ? AND c."orderId" = ? AND o."userId" = ?`,
    [changeId, orderId, user.id],
  );
  if (!row) throw notFound("Change");
  return { ...changeOf(row), state: String(row.state), userId: Number(row.userId) };
}

const STATE_OF: Record<ChangeAnswer, "replaced" | "removed"> = { replace: "replaced", remove: "removed" };

/** The answer, settled once. Throws when another answer settled the change differently. */
export async function answerChange(user: SessionUser, orderId: number, changeId: number, answer: ChangeAnswer, now = new Date()): Promise<void> {
  const change = await sqlTransaction((sql) => readChange(sql, user, orderId, changeId));
  const settledAlready = () => {
    if (change.state === STATE_OF[answer]) return;
    throw conflict(CHANGE_MESSAGES.answered, { answer: CHANGE_MESSAGES.answered });
  };
  if (change.state !== "asked") return settledAlready();
  if (answer === "replace" && change.replacementItemId === null) throw fieldError("answer", CHANGE_MESSAGES.noReplacement);
  const order = await sqlTransaction(async (sql) => (await readOrderForChange(sql, orderId))!);
  const delta = answer === "replace" ? amountsOf(order, change, true).deltaCents : -1;
  let captured: Intent | null = null;
  if (delta > 0 && order.paymentMethod === "card") captured = await chargeCard(user, changeId, delta, orderId);
  else if (delta > 0) {
    const balance = await sqlTransaction(async (sql) => (await Promise.all(walletAccounts(user.id).map((id) => balanceOf(sql, id)))).reduce((a, b) => a + b, 0));
    if (balance < delta) throw fieldError("answer", CHANGE_MESSAGES.walletShort(formatCents(delta - balance)));
  }
  try {
    const settled = await sqlTransaction(async (sql) => {
      const done = await settleChange(sql, changeId, STATE_OF[answer], now, captured ? captured.capturedCents : undefined);
      if (done) return true;
      // Another answer won: this one's card charge stands only if it was that answer's (the same key).
      if (captured) {
        const [entry] = await sql.all(`SELECT "id" FROM "LedgerEntry" WHERE "key" = ?`, [chargeKey(changeId)]);
        if (entry) captured = null;
      }
      return false;
    });
    if (!settled) {
      const now = await sqlTransaction((sql) => readChange(sql, user, orderId, changeId));
      change.state = now.state;
      settledAlready();
    }
  } finally {
    // A capture no settled change took (the move was lost to a removal, or refused) is given back at once.
    const [entry] = captured ? await sqlTransaction((sql) => sql.all(`SELECT "id" FROM "LedgerEntry" WHERE "key" = ?`, [chargeKey(changeId)])) : [true];
    if (captured && !entry) await paymentProvider().refund(captured.id, captured.capturedCents, `refund:${captured.id}`);
  }
  if (order.paymentMethod === "card") await syncOrderPayment(orderId);
}

/** A dearer replacement on a card: a new charge of `cents`, authorized and captured; a decline is a 402 beside `answer`. */
async function chargeCard(user: SessionUser, changeId: number, cents: number, orderId: number): Promise<Intent> {
  const card = await cardToCharge(user, undefined, "answer", "answer");
  const provider = paymentProvider();
  let intent: Intent = await authorizeOnce({
    amountCents: cents,
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
  return intent;
}
