import "server-only";
import { refundTax } from "@/lib/shared/money/tax";
import { CHANGE_SAID, type ChangeState } from "@/lib/shared/orders/accepted-order-changes";
import { notify } from "../notifications/outbox";
import { insertOrderEvents } from "../order-events/write";
import { account, post, type Line } from "../ledger/post";
import { planRefund, postPartialRefund } from "../ledger/refund";
import { walletDebit } from "../ledger/wallet-parts";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { changeAmounts, type ChangeAmounts } from "./amounts";
import { CHANGEABLE_STAGES } from "./mark";
import type { ReplacementChoice } from "./replacement-choices";
import { CHANGE_EVENT, changeNotification, readOrderForChange, type OrderForChange } from "./order-row";
import { insertLine, insertLineOptions, moveChange, moveOrderMoney, setChangeDelta, takeOffLine, touchOrder, type ChangeRow } from "./queries";
import { said } from "@/lib/shared/words/said";

// A change settled, in the caller's transaction (docs/architecture/order-changes.md): one
// conditional move of the change from asked (of 20 parallel answers one moves it; the others find
// it settled), then, on the order's locked row, the line taken off (and the replacement put on),
// the order's subtotal, service fee, tax and total changed by the change's amounts, and the
// difference moved in the ledger: refunded through the one refund planner (ledger/refund.ts; from
// clearing before the delivery's split, so the restaurant is paid at delivery only for what it
// cooked, the split being of the changed order; from the restaurant's and the platform's shares
// after it), or charged (the wallet into clearing, or the card's new capture: `card`, its entry
// keyed by the capture's Payment, `change:{paymentId}`, as the reconciliation reads it).

const ENDED = ["rejected", "canceled", "expired"];
const refundKey = (changeId: number) => `order-change:${changeId}:refund`;
export const chargeKey = (changeId: number) => `order-change:${changeId}:charge`;

/** The amounts the change would move on the order as it stands (`replacementCents`: the replacement's unit price with its options; null: a removal). */
export function amountsOf(order: OrderForChange, change: ChangeRow, replacementCents: number | null): ChangeAmounts {
  const line = { unitCents: change.itemPriceCents, quantity: change.quantity };
  const first = changeAmounts(order, line, 0, replacementCents);
  const removedTax = refundTax(order, { items: first.removed.items, fees: first.removed.serviceFee }, order.taxCents);
  return changeAmounts(order, line, removedTax, replacementCents);
}

/** The refund's parts (each at least 0) adding up to `cents`. */
function refundParts(amounts: ChangeAmounts, cents: number) {
  const serviceFee = Math.max(0, amounts.removed.serviceFee - amounts.added.serviceFee);
  const tax = Math.max(0, amounts.removed.tax - amounts.added.tax);
  const items = cents - serviceFee - tax;
  return items >= 0 ? { items, serviceFee, tax } : { items: cents, serviceFee: 0, tax: 0 };
}

/**
 * Moves the change from asked to `state` and applies it. Null when another answer or the job
 * settled it first (nothing written). `payer`: where a dearer replacement's difference comes from
 * (the wallet by default; `card`: its capture of `cents` from external, the entry keyed `key`).
 * `choice`: the replacement's options and unit price (replacement-choices.ts; none: the offered price).
 */
export async function settleChange(
  sql: Sql,
  changeId: number,
  state: Exclude<ChangeState, "asked">,
  now: Date,
  card?: { cents: number; key: string },
  choice?: ReplacementChoice,
): Promise<{ change: ChangeRow; deltaCents: number; paymentMethod: string | null } | null> {
  const change = await moveChange(sql, changeId, state, now);
  if (!change) return null;
  const orderId = change.orderId;
  await touchOrder(sql, orderId, now);
  const order = (await readOrderForChange(sql, orderId))!;
  const replace = state === "replaced";
  if (ENDED.includes(order.stage ?? "")) {
    // The whole order was refunded meanwhile: the change closes with nothing to move.
    if (replace) throw conflict(said("messages.changeEnded"), { answer: said("messages.changeEnded") });
    return { change, deltaCents: 0, paymentMethod: order.paymentMethod };
  }
  if (replace && !(CHANGEABLE_STAGES as readonly (string | null)[]).includes(order.stage))
    throw conflict(said("messages.changeDelivered"), { answer: said("messages.changeDelivered") });
  const unitCents = choice?.unitCents ?? change.replacementPriceCents;
  const amounts = amountsOf(order, change, replace ? unitCents : null);
  const delta = amounts.deltaCents;

  const line = order.items.find((item) => item.id === change.orderItemId);
  if (line) await takeOffLine(sql, line.id, change.quantity, line.quantity <= change.quantity);
  if (replace && order.restaurantId !== null) {
    const lineId = await insertLine(sql, {
      orderId,
      menuItemId: change.replacementItemId,
      name: change.replacementName,
      priceCents: unitCents,
      restaurantId: order.restaurantId,
      quantity: change.quantity,
    });
    await insertLineOptions(sql, lineId, choice?.options ?? []);
  }
  await moveOrderMoney(sql, orderId, {
    subtotal: amounts.added.items - amounts.removed.items,
    serviceFee: amounts.added.serviceFee - amounts.removed.serviceFee,
    tax: amounts.added.tax - amounts.removed.tax,
    total: delta,
  });

  // Cash at the door (docs/architecture/ledger.md "Cash at the door"): nothing is paid before the courier collects the new total.
  const paid = order.paymentMethod !== "cash";
  if (paid && delta < 0) {
    const parts = refundParts(amounts, -delta);
    // On a disputed card charge the bank returned the money: the dish's goes to the restaurant that answered for the dispute (ledger/refundable.ts).
    const plan = await planRefund(sql, orderId, { order, ...parts, fees: 0, platformLiable: false, beyondCard: "repay" });
    await postPartialRefund(sql, refundKey(changeId), orderId, plan, now);
  } else if (paid && delta > 0) {
    const from: Line[] = card ? [{ account: account.external, amountCents: -card.cents }] : await walletDebit(sql, order.userId, delta, order.currency);
    const cents = card?.cents ?? delta;
    if (cents !== delta) throw conflict(said("messages.changeAnswered"), { answer: said("messages.changeAnswered") });
    await post(sql, {
      kind: "payment",
      key: card?.key ?? chargeKey(changeId),
      orderId,
      lines: [...from, { account: account.clearing, amountCents: cents }],
      insufficientMessage: CHANGE_SAID.walletShort("too"),
      now,
    });
  }
  await setChangeDelta(sql, changeId, delta);
  await insertOrderEvents(sql, [{ orderId, userId: order.userId, restaurantId: order.restaurantId, stage: CHANGE_EVENT }], now);
  await notify(sql, changeNotification({ orderId, userId: order.userId, restaurantId: order.restaurantId, changeId, state, itemName: change.itemName }), now);
  return { change, deltaCents: delta, paymentMethod: order.paymentMethod };
}
