import "server-only";
import { centsToDollars } from "@/lib/shared/money";
import type { ChangeState, OrderChangeJson } from "@/lib/shared/accepted-order-changes";
import type { SessionUser } from "../accounts/session-user";
import { assertOwnsRestaurant } from "../owners/owned";
import { notFound } from "../platform/errors";
import { dateOf, readSql } from "../platform/sql";

// An order's changes (issue 63 item 5), oldest first: for its customer (another's order is a 404)
// and for its restaurant's owner (the board).

type Row = {
  id: number;
  orderId: number;
  orderItemId: number;
  itemName: string;
  itemPriceCents: number;
  quantity: number;
  replacementItemId: number | null;
  replacementName: string | null;
  replacementPriceCents: number | null;
  state: string;
  deltaCents: number;
  answerBy: unknown;
  createdAt: unknown;
  answeredAt: unknown;
};

const toJson = (row: Row): OrderChangeJson => ({
  id: Number(row.id),
  orderId: Number(row.orderId),
  orderItemId: Number(row.orderItemId),
  itemName: row.itemName,
  itemPrice: centsToDollars(Number(row.itemPriceCents)),
  quantity: Number(row.quantity),
  replacement:
    row.replacementItemId === null
      ? null
      : { id: Number(row.replacementItemId), name: row.replacementName ?? "", price: centsToDollars(Number(row.replacementPriceCents ?? 0)) },
  state: row.state as ChangeState,
  delta: centsToDollars(Number(row.deltaCents)),
  answerBy: dateOf(row.answerBy).toISOString(),
  createdAt: dateOf(row.createdAt).toISOString(),
  answeredAt: row.answeredAt === null ? null : dateOf(row.answeredAt).toISOString(),
});

const COLUMNS = `c."id", c."orderId", c."orderItemId", c."itemName", c."itemPriceCents", c."quantity", c."replacementItemId", c."replacementName", c."replacementPriceCents", c."state", c."deltaCents", c."answerBy", c."createdAt", c."answeredAt"`;

/** GET /api/orders/{id}/changes: the caller's order's changes. */
export async function listOwnChanges(user: SessionUser, orderId: number): Promise<OrderChangeJson[]> {
  const sql = await readSql();
  const [order] = await sql.all(`SELECT "id" FROM "Order" WHERE "id" = ? AND "userId" = ?`, [orderId, user.id]);
  if (!order) throw notFound("Order");
  return (await sql.all<Row>(`SELECT ${COLUMNS} FROM "OrderChange" c WHERE c."orderId" = ? ORDER BY c."id"`, [orderId])).map(toJson);
}

/** The changes of a restaurant's order, for its owner's board. */
export async function listRestaurantChanges(user: SessionUser, restaurantId: number, orderId: number): Promise<OrderChangeJson[]> {
  await assertOwnsRestaurant(user, restaurantId);
  const sql = await readSql();
  const [order] = await sql.all(`SELECT "id" FROM "Order" WHERE "id" = ? AND "restaurantId" = ?`, [orderId, restaurantId]);
  if (!order) throw notFound("Order");
  return (await sql.all<Row>(`SELECT ${COLUMNS} FROM "OrderChange" c WHERE c."orderId" = ? ORDER BY c."id"`, [orderId])).map(toJson);
}
