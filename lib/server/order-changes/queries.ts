import "server-only";
import type { ChangeState } from "@/lib/shared/orders/accepted-order-changes";
import { orderMoneyColumns, orderMoneyFields } from "../ledger/queries/order-sums";
import { row, rowOf, type Decoder, type RowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The order changes' plain SQL (docs/architecture/order-changes.md), each row shape with its
// decoder: the change's row (one shape for the answer, the settling move and the lists), the
// order's money and lines as a change reads them, the kitchen's mark and the settling writes.

const state: Decoder<ChangeState> = (value, column) => row.text(value, column) as ChangeState;

const changeRow = rowOf({
  id: row.int,
  orderId: row.int,
  orderItemId: row.int,
  itemName: row.text,
  itemPriceCents: row.int,
  quantity: row.int,
  replacementItemId: row.intOrNull,
  replacementName: row.textOrNull,
  replacementPriceCents: row.intOrNull,
  state,
  deltaCents: row.int,
  answerBy: row.date,
  createdAt: row.date,
  answeredAt: row.dateOrNull,
});
/** A change as its row stands. */
export type ChangeRow = RowOf<typeof changeRow>;

const CHANGE_COLUMNS = [
  "id",
  "orderId",
  "orderItemId",
  "itemName",
  "itemPriceCents",
  "quantity",
  "replacementItemId",
  "replacementName",
  "replacementPriceCents",
  "state",
  "deltaCents",
  "answerBy",
  "createdAt",
  "answeredAt",
];
const changeColumns = (alias: string) => CHANGE_COLUMNS.map((column) => `${alias}"${column}"`).join(", ");

/** The change of the caller's order (answer.ts), or undefined. */
export async function ownChange(sql: Sql, userId: number, orderId: number, changeId: number): Promise<ChangeRow | undefined> {
  const [found] = await sql.all(
    `SELECT ${changeColumns("c.")} FROM "OrderChange" c JOIN "Order" o ON o."id" = c."orderId" WHERE c."id" = ? AND c."orderId" = ? AND o."userId" = ?`,
    [changeId, orderId, userId],
  );
  return found === undefined ? undefined : changeRow(found);
}

/** An order's changes, oldest first. */
export async function changesOfOrder(sql: Sql, orderId: number): Promise<ChangeRow[]> {
  return (await sql.all(`SELECT ${changeColumns("c.")} FROM "OrderChange" c WHERE c."orderId" = ? ORDER BY c."id"`, [orderId])).map(changeRow);
}

const dishRowId = rowOf({ menuItemId: row.int });

/** Which of these dishes have option groups (a replacement's answer then carries its choices). */
export async function dishesWithOptions(sql: Sql, dishIds: readonly number[]): Promise<Set<number>> {
  if (!dishIds.length) return new Set();
  const rows = await sql.all(`SELECT DISTINCT "menuItemId" FROM "OptionGroup" WHERE "menuItemId" IN (${dishIds.map(() => "?").join(", ")})`, [...dishIds]);
  return new Set(rows.map((found) => dishRowId(found).menuItemId));
}

const currencyRow = rowOf({ currency: row.text });

/** The order's currency when it is the user's (`userId`) or the restaurant's (`restaurantId`); undefined otherwise. */
export async function orderCurrencyFor(sql: Sql, orderId: number, owner: { userId: number } | { restaurantId: number }): Promise<string | undefined> {
  const [found] =
    "userId" in owner
      ? await sql.all(`SELECT "currency" FROM "Order" WHERE "id" = ? AND "userId" = ?`, [orderId, owner.userId])
      : await sql.all(`SELECT "currency" FROM "Order" WHERE "id" = ? AND "restaurantId" = ?`, [orderId, owner.restaurantId]);
  return found === undefined ? undefined : currencyRow(found).currency;
}

/** The conditional move of a change from asked to `to`: the change, or undefined when it was settled already. */
export async function moveChange(sql: Sql, changeId: number, to: Exclude<ChangeState, "asked">, now: Date): Promise<ChangeRow | undefined> {
  const [moved] = await sql.all(`UPDATE "OrderChange" SET "state" = ?, "answeredAt" = ? WHERE "id" = ? AND "state" = 'asked' RETURNING ${changeColumns("")}`, [
    to,
    now,
    changeId,
  ]);
  return moved === undefined ? undefined : changeRow(moved);
}

/** The settled change's difference. */
export async function setChangeDelta(sql: Sql, changeId: number, deltaCents: number): Promise<void> {
  await sql.all(`UPDATE "OrderChange" SET "deltaCents" = ? WHERE "id" = ?`, [deltaCents, changeId]);
}

const idRow = rowOf({ id: row.int });

/** The changes past their answer time, oldest first (expire.ts). */
export async function dueChangeIds(sql: Sql, now: Date, limit: number): Promise<number[]> {
  return (await sql.all(`SELECT "id" FROM "OrderChange" WHERE "state" = 'asked' AND "answerBy" <= ? ORDER BY "answerBy" LIMIT ${Number(limit)}`, [now])).map(
    (found) => idRow(found).id,
  );
}

/** Whether a ledger entry of `key` is posted. */
export async function entryPosted(sql: Sql, key: string): Promise<boolean> {
  const [found] = await sql.all(`SELECT "id" FROM "LedgerEntry" WHERE "key" = ?`, [key]);
  return found !== undefined;
}

const orderRow = rowOf({
  id: row.int,
  userId: row.int,
  currency: row.text,
  restaurantId: row.intOrNull,
  paymentMethod: row.textOrNull,
  stage: row.textOrNull,
  ...orderMoneyFields,
  taxCents: row.int,
  taxRateMilliPercent: row.intOrNull,
  taxesFees: row.bool,
});
const itemRow = rowOf({ id: row.int, priceCents: row.int, quantity: row.int });

/** The order's money and its lines (order-row.ts), or undefined. */
export async function orderMoney(sql: Sql, orderId: number) {
  const [found] = await sql.all(
    `SELECT "id", "userId", "currency", "restaurantId", "paymentMethod", "stage", ${orderMoneyColumns("")}, "taxCents", "taxRateMilliPercent", "taxesFees" FROM "Order" WHERE "id" = ?`,
    [orderId],
  );
  if (found === undefined) return undefined;
  const items = (await sql.all(`SELECT "id", "priceCents", "quantity" FROM "OrderItem" WHERE "orderId" = ?`, [orderId])).map(itemRow);
  return { ...orderRow(found), items };
}

/** The order's row locked for a change (its `updatedAt` touched). */
export async function touchOrder(sql: Sql, orderId: number, now: Date): Promise<void> {
  await sql.all(`UPDATE "Order" SET "updatedAt" = ? WHERE "id" = ?`, [now, orderId]);
}

const lockedRow = rowOf({ id: row.int, userId: row.int, stage: row.textOrNull, paymentMethod: row.textOrNull });

/** The restaurant's order locked for the kitchen's mark (mark.ts), or undefined when it is not theirs. */
export async function lockRestaurantOrder(sql: Sql, restaurantId: number, orderId: number, now: Date) {
  const [found] = await sql.all(`UPDATE "Order" SET "updatedAt" = ? WHERE "id" = ? AND "restaurantId" = ? RETURNING "id", "userId", "stage", "paymentMethod"`, [
    now,
    orderId,
    restaurantId,
  ]);
  return found === undefined ? undefined : lockedRow(found);
}

const lineRow = rowOf({ id: row.int, menuItemId: row.intOrNull, name: row.text, priceCents: row.int, quantity: row.int, pending: row.intOrZero });
export type MarkLine = RowOf<typeof lineRow>;

/** The order's lines with the quantity of each that waits on an asked change. */
export async function linesWithPending(sql: Sql, orderId: number): Promise<MarkLine[]> {
  return (
    await sql.all(
      `SELECT i."id", i."menuItemId", i."name", i."priceCents", i."quantity",
         (SELECT SUM(c."quantity") FROM "OrderChange" c WHERE c."orderItemId" = i."id" AND c."state" = 'asked') AS "pending"
       FROM "OrderItem" i WHERE i."orderId" = ?`,
      [orderId],
    )
  ).map(lineRow);
}

const dishRow = rowOf({ id: row.int, name: row.text, priceCents: row.int, soldOutUntil: row.dateOrNull });

/** A dish of the restaurant's menu, or undefined. */
export async function menuDish(sql: Sql, restaurantId: number, dishId: number) {
  const [found] = await sql.all(`SELECT m."id", m."name", m."priceCents", m."soldOutUntil" FROM "MenuItem" m WHERE m."id" = ? AND m."restaurantId" = ?`, [
    dishId,
    restaurantId,
  ]);
  return found === undefined ? undefined : dishRow(found);
}

/** A new asked change: its id. */
export async function insertChange(
  sql: Sql,
  change: {
    orderId: number;
    line: { id: number; name: string; priceCents: number };
    quantity: number;
    replacement: { id: number; name: string; priceCents: number } | null;
    answerBy: Date;
    now: Date;
  },
): Promise<number> {
  const { orderId, line, quantity, replacement, answerBy, now } = change;
  const [created] = await sql.all(
    `INSERT INTO "OrderChange" ("orderId", "orderItemId", "itemName", "itemPriceCents", "quantity", "replacementItemId", "replacementName", "replacementPriceCents", "state", "answerBy", "createdAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'asked', ?, ?) RETURNING "id"`,
    [orderId, line.id, line.name, line.priceCents, quantity, replacement?.id ?? null, replacement?.name ?? null, replacement?.priceCents ?? null, answerBy, now],
  );
  return idRow(created).id;
}

/** `quantity` of a line taken off: the line (and its options) gone when `all`. */
export async function takeOffLine(sql: Sql, lineId: number, quantity: number, all: boolean): Promise<void> {
  if (all) {
    await sql.all(`DELETE FROM "OrderItemOption" WHERE "orderItemId" = ?`, [lineId]);
    await sql.all(`DELETE FROM "OrderItem" WHERE "id" = ?`, [lineId]);
  } else await sql.all(`UPDATE "OrderItem" SET "quantity" = "quantity" - ? WHERE "id" = ?`, [quantity, lineId]);
}

/** The replacement's line on the order: its id. */
export async function insertLine(
  sql: Sql,
  line: { orderId: number; menuItemId: number | null; name: string | null; priceCents: number | null; restaurantId: number; quantity: number },
): Promise<number> {
  const [created] = await sql.all(
    `INSERT INTO "OrderItem" ("orderId", "menuItemId", "name", "priceCents", "restaurantId", "quantity") VALUES (?, ?, ?, ?, ?, ?) RETURNING "id"`,
    [line.orderId, line.menuItemId, line.name, line.priceCents, line.restaurantId, line.quantity],
  );
  return idRow(created).id;
}

/** The replacement line's chosen options, copied (replacement-choices.ts). */
export async function insertLineOptions(
  sql: Sql,
  lineId: number,
  options: readonly { optionId: number; groupName: string; name: string; priceDeltaCents: number; position: number }[],
): Promise<void> {
  if (!options.length) return;
  await sql.all(
    `INSERT INTO "OrderItemOption" ("orderItemId", "optionId", "groupName", "name", "priceDeltaCents", "position") VALUES ${options.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")}`,
    options.flatMap((option) => [lineId, option.optionId, option.groupName, option.name, option.priceDeltaCents, option.position]),
  );
}

/** The order's money columns moved by a change's amounts. */
export async function moveOrderMoney(sql: Sql, orderId: number, by: { subtotal: number; serviceFee: number; tax: number; total: number }): Promise<void> {
  await sql.all(
    `UPDATE "Order" SET "subtotalCents" = "subtotalCents" + ?, "serviceFeeCents" = "serviceFeeCents" + ?, "taxCents" = "taxCents" + ?, "totalCents" = "totalCents" + ? WHERE "id" = ?`,
    [by.subtotal, by.serviceFee, by.tax, by.total, orderId],
  );
}
