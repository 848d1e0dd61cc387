import "server-only";
import { centsToDollars } from "@/lib/shared/money";
import type { OrderChangeJson } from "@/lib/shared/accepted-order-changes";
import type { SessionUser } from "../accounts/session-user";
import { assertOwnsRestaurant } from "../owners/owned";
import { notFound } from "../platform/errors";
import { readSql } from "../platform/sql";
import { changesOfOrder, orderExists, type ChangeRow } from "./queries";

// An order's changes (issue 63 item 5), oldest first: for its customer (another's order is a 404)
// and for its restaurant's owner (the board).

const toJson = (change: ChangeRow): OrderChangeJson => ({
  id: change.id,
  orderId: change.orderId,
  orderItemId: change.orderItemId,
  itemName: change.itemName,
  itemPrice: centsToDollars(change.itemPriceCents),
  quantity: change.quantity,
  replacement:
    change.replacementItemId === null
      ? null
      : { id: change.replacementItemId, name: change.replacementName ?? "", price: centsToDollars(change.replacementPriceCents ?? 0) },
  state: change.state,
  delta: centsToDollars(change.deltaCents),
  answerBy: change.answerBy.toISOString(),
  createdAt: change.createdAt.toISOString(),
  answeredAt: change.answeredAt === null ? null : change.answeredAt.toISOString(),
});

/** GET /api/orders/{id}/changes: the caller's order's changes. */
export async function listOwnChanges(user: SessionUser, orderId: number): Promise<OrderChangeJson[]> {
  const sql = await readSql();
  if (!(await orderExists(sql, orderId, { userId: user.id }))) throw notFound("Order");
  return (await changesOfOrder(sql, orderId)).map(toJson);
}

/** The changes of a restaurant's order, for its owner's board. */
export async function listRestaurantChanges(user: SessionUser, restaurantId: number, orderId: number): Promise<OrderChangeJson[]> {
  await assertOwnsRestaurant(user, restaurantId);
  const sql = await readSql();
  if (!(await orderExists(sql, orderId, { restaurantId }))) throw notFound("Order");
  return (await changesOfOrder(sql, orderId)).map(toJson);
}
