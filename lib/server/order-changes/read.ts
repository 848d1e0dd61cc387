import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import type { OrderChangeJson } from "@/lib/shared/orders/accepted-order-changes";
import type { SessionUser } from "../platform/session-user";
import { assertOwnsRestaurant } from "../team/owned";
import { notFound } from "../platform/errors";
import { readSql, type Sql } from "../platform/sql";
import { changesOfOrder, dishesWithOptions, orderCurrencyFor, type ChangeRow } from "./queries";
import { said } from "@/lib/shared/words/said";

// An order's changes, oldest first: for its customer (another's order is a 404)
// and for its restaurant's owner (the board).

/** A change's JSON, its amounts in major units of the order's currency. */
function toJson(change: ChangeRow, withOptions: ReadonlySet<number>, currency: string): OrderChangeJson {
  const major = majorIn(currency);
  return {
    id: change.id,
    orderId: change.orderId,
    orderItemId: change.orderItemId,
    itemName: change.itemName,
    itemPrice: major(change.itemPriceCents),
    quantity: change.quantity,
    replacement:
      change.replacementItemId === null
        ? null
        : {
            id: change.replacementItemId,
            name: change.replacementName ?? "",
            price: major(change.replacementPriceCents ?? 0),
            hasOptions: withOptions.has(change.replacementItemId),
          },
    state: change.state,
    delta: major(change.deltaCents),
    answerBy: change.answerBy.toISOString(),
    createdAt: change.createdAt.toISOString(),
    answeredAt: change.answeredAt === null ? null : change.answeredAt.toISOString(),
  };
}

/** The order's changes, each asked replacement saying whether it has options to choose. */
async function changesJson(sql: Sql, orderId: number, currency: string): Promise<OrderChangeJson[]> {
  const changes = await changesOfOrder(sql, orderId);
  const asked = changes.flatMap((change) => (change.state === "asked" && change.replacementItemId !== null ? [change.replacementItemId] : []));
  const withOptions = await dishesWithOptions(sql, asked);
  return changes.map((change) => toJson(change, withOptions, currency));
}

/** GET /api/orders/{id}/changes: the caller's order's changes. */
export async function listOwnChanges(user: SessionUser, orderId: number): Promise<OrderChangeJson[]> {
  const sql = await readSql();
  const currency = await orderCurrencyFor(sql, orderId, { userId: user.id });
  if (currency === undefined) throw notFound(said("messages.orderNotFound"));
  return changesJson(sql, orderId, currency);
}

/** The changes of a restaurant's order, for its owner's board. */
export async function listRestaurantChanges(user: SessionUser, restaurantId: number, orderId: number): Promise<OrderChangeJson[]> {
  await assertOwnsRestaurant(user, restaurantId);
  const sql = await readSql();
  const currency = await orderCurrencyFor(sql, orderId, { restaurantId });
  if (currency === undefined) throw notFound(said("messages.orderNotFound"));
  return changesJson(sql, orderId, currency);
}
