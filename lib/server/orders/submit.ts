import "server-only";
import { unavailableDishesMessage } from "@/lib/shared/order-changes";
import { subtotalOf } from "@/lib/shared/pricing";
import { CHECKOUT_MESSAGES, type SubmitOrderInput } from "@/lib/validation/checkout";
import type { Tx } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { moveWallet } from "../wallet/ledger";
import { sqlOf } from "../platform/sql";
import type { SessionUser } from "../web/session";
import { assertCardOrderRoom } from "./card-limit";
import { assertTakingOrders } from "./create";
import { placement } from "./placement";
import { optionGroupsOf } from "../menu/menu-items";
import { orderInclude, orderLineOptionsInclude, type OrderRow } from "./include";
import { lineProblem, priceLine, pricedDishSelect } from "./lines";
import { transition } from "./transition";

const alreadyMessage = (status: string) => `This order was already ${status.toLowerCase()}`;

/**
 * Active -> Submitted, stage placed: prices the order on the server from today's menu (each
 * line takes the dish's current price plus its options' current deltas; a dish removed since, a
 * choice that no longer fits it, or a restaurant no longer taking orders, is a 409 naming it and
 * changes nothing), then fees, tax and tip; validates a
 * scheduled slot, and for wallet payment deducts exactly that total with a ledger row, all in
 * the caller's transaction with the placed event. A short wallet is a 400 and nothing changes,
 * and so is a 409 when the client's expectedTotal is not that total.
 */
export async function submitOrder(tx: Tx, user: SessionUser, orderId: number, input: SubmitOrderInput, now = new Date()): Promise<OrderRow> {
  const order = await tx.order.findFirst({
    where: { id: orderId, userId: user.id },
    include: {
      restaurant: { select: { servicing: true, name: true, closingTime: true, timeZone: true, hours: true, closures: true } },
      orderItems: { orderBy: orderInclude.orderItems.orderBy, include: { menuItem: { select: pricedDishSelect }, options: orderLineOptionsInclude } },
    },
  });
  if (!order) throw notFound("Order");
  if (order.status !== "Active") throw conflict(alreadyMessage(order.status));
  assertTakingOrders(order.restaurant);
  // A line can no longer be bought when its dish is gone, or its choices no longer fit the dish
  // today (an option removed or sold out, a group added or changed since).
  const priced = order.orderItems.map((line) => {
    if (!line.menuItem || line.options.some((option) => option.optionId === null)) return { line, today: null };
    const groups = optionGroupsOf(line.menuItem.optionGroups, now);
    const optionIds = line.options.map((option) => option.optionId!);
    if (lineProblem(line.menuItem, groups, optionIds, line.instructions)) return { line, today: null };
    return { line, today: priceLine(line.menuItem, groups, { optionIds, quantity: line.quantity, instructions: line.instructions }) };
  });
  const gone = priced.filter(({ today }) => !today).map(({ line }) => line.name);
  if (gone.length) {
    const message = unavailableDishesMessage(gone);
    throw conflict(message, { items: message });
  }

  // Today's prices: the lines are rewritten in this transaction, so the order, its lines and the
  // charge agree (and a refused submit below rolls them back).
  const lines = priced.map(({ line, today }) => ({ ...line, priceCents: today!.priceCents }));
  const placed = placement(order.restaurant!, subtotalOf(lines), input, now);
  await assertCardOrderRoom(sqlOf(tx), user, placed, "paymentMethod");
  for (const { line, today } of priced) {
    if (line.priceCents !== today!.priceCents) await tx.orderItem.update({ where: { id: line.id }, data: { priceCents: today!.priceCents } });
    for (const copy of line.options) {
      const delta = today!.options.find((option) => option.optionId === copy.optionId)!.priceDeltaCents;
      if (copy.priceDeltaCents !== delta) await tx.orderItemOption.update({ where: { id: copy.id }, data: { priceDeltaCents: delta } });
    }
  }
  const submitted = await transition(
    tx,
    order.id,
    { userId: user.id },
    {
      from: { status: "Active" },
      to: "placed",
      data: placed,
      conflict: (current) => alreadyMessage(current.status),
      now,
    },
  );
  if (input.paymentMethod === "wallet") {
    await moveWallet(sqlOf(tx), { userId: user.id, amountCents: -placed.totalCents, kind: "payment", orderId: order.id }, CHECKOUT_MESSAGES.insufficientFunds);
  }
  return submitted;
}
