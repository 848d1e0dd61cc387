import "server-only";
import type { Order } from "@/lib/generated/prisma/client";
import { ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import { orderCopyDecoders } from "../../addresses/queries";
import { row, rowOf, type Decoder } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// The order lists' page statements (page-rows.ts puts the rows together): the page of orders with
// their restaurant's, promotion's, review's (and, for the owner, customer's) columns joined by
// key; the pages' lines with their dish today and chosen options; their timelines.

/** Each column of Order with its decoder, in the page's SELECT order: the compiler holds each to the schema's type. */
const orderColumns = {
  id: row.int,
  userId: row.int,
  restaurantId: row.intOrNull,
  restaurantName: row.text,
  restaurantImage: row.textOrNull,
  subtotalCents: row.int,
  deliveryFeeCents: row.int,
  priorityFeeCents: row.int,
  serviceFeeCents: row.int,
  tipCents: row.int,
  totalCents: row.int,
  currency: row.text,
  deliveryOption: row.textOrNull,
  scheduledFor: row.dateOrNull,
  paymentMethod: row.textOrNull,
  createdAt: row.date,
  updatedAt: row.date,
  submittedAt: row.dateOrNull,
  closedAt: row.dateOrNull,
  stage: row.textOrNull,
  prepMinutes: row.intOrNull,
  prepAddedMinutes: row.int,
  acceptedAt: row.dateOrNull,
  estimatedReadyAt: row.dateOrNull,
  promisedArrivalBy: row.dateOrNull,
  promisedMinMinutes: row.intOrNull,
  promisedMaxMinutes: row.intOrNull,
  actualMinutes: row.intOrNull,
  rejectionKey: row.textOrNull,
  rejectionValues: row.textOrNull,
  rejectionReason: row.textOrNull,
  groupHostName: row.textOrNull,
  pickup: row.bool,
  discountCents: row.int,
  promotionId: row.intOrNull,
  dropoff: row.text,
  dropoffPhoto: row.textOrNull,
  disputeStatus: row.textOrNull,
  taxCents: row.int,
  taxRateMilliPercent: row.intOrNull,
  taxesFees: row.bool,
  taxJurisdiction: row.textOrNull,
  ...orderCopyDecoders,
  deliveryAddressId: row.intOrNull,
  bags: row.intOrNull,
  bagsConfirmed: row.intOrNull,
  smallOrderFeeCents: row.int,
  deliveryWaivedCents: row.int,
  deliveryKm: row.numberOrNull,
  platformFundedCents: row.int,
  phoneOrder: row.bool,
  customerPhone: row.textOrNull,
  staffDelivery: row.bool,
} satisfies { [K in keyof Order]-?: Decoder<Order[K]> };

/** Every column of Order, as the rows of the lists carry them (OrderRow's scalars): page-rows.test.ts holds it to the schema. */
export const ORDER_COLUMNS = Object.keys(orderColumns) as (keyof typeof orderColumns)[];

const orderRow = rowOf(orderColumns);

/**
 * A LEFT JOINed table's columns (`prefix` + name) decoded by `shape` into one object, or null
 * when its `key` column is null (no row joined): a row shape of its own inside a wider row.
 */
function joined<S extends Record<string, Decoder<unknown>>>(
  prefix: string,
  key: string,
  shape: S,
): (raw: Record<string, unknown>) => { [K in keyof S]: ReturnType<S[K]> } | null {
  const columns = Object.entries(shape).map(([name, decode]) => [name, prefix + name, decode] as const);
  return (raw) => {
    if (raw[key] === null || raw[key] === undefined) return null;
    const decoded: Record<string, unknown> = {};
    for (const [name, column, decode] of columns) decoded[name] = decode(raw[column], column);
    return decoded as { [K in keyof S]: ReturnType<S[K]> };
  };
}

const restaurantOf = joined("r_", "r_ownerId", {
  ownerId: row.int,
  servicing: row.bool,
  deliveryTime: row.int,
  timeZone: row.text,
  busyExtraMinutes: row.int,
  busyUntil: row.dateOrNull,
});
const promotionOf = joined("p_", "p_id", {
  id: row.int,
  code: row.textOrNull,
  kind: row.text,
  value: row.int,
  maxDiscountCents: row.intOrNull,
  minSubtotalCents: row.int,
  firstOrderOnly: row.bool,
});
const reviewOf = joined("v_", "v_id", { id: row.int, orderRating: row.int });
const customerOf = rowOf({ u_firstName: row.text, u_avoidAllergens: row.int });

/**
 * One page of orders: `where` and `orderBy` are SQL on the alias `o` (lists.ts builds them:
 * constants and `?` parameters, never input); without `orderBy`, the rows come in any order.
 */
export type PageQuery = { where: string; params: readonly unknown[]; orderBy?: string; limit?: number; offset?: number };

/** The one order `orderId` (a step's read of the order it moved: page-rows.ts incomingOrderRow). */
export const orderById = (orderId: number): PageQuery => ({ where: `o."id" = ?`, params: [orderId] });

const pageSelect = (customerName: boolean, extra: string) =>
  `SELECT ${ORDER_COLUMNS.map((c) => `o."${c}"`).join(", ")},${extra}
    r."ownerId" AS "r_ownerId", r."servicing" AS "r_servicing", r."deliveryTime" AS "r_deliveryTime", r."timeZone" AS "r_timeZone",
    r."busyExtraMinutes" AS "r_busyExtraMinutes", r."busyUntil" AS "r_busyUntil",
    p."id" AS "p_id", p."code" AS "p_code", p."kind" AS "p_kind", p."value" AS "p_value", p."maxDiscountCents" AS "p_maxDiscountCents",
    p."minSubtotalCents" AS "p_minSubtotalCents", p."firstOrderOnly" AS "p_firstOrderOnly",
    v."id" AS "v_id", v."orderRating" AS "v_orderRating"${customerName ? `, u."firstName" AS "u_firstName", u."avoidAllergens" AS "u_avoidAllergens"` : ""}
  FROM "Order" AS o
    LEFT JOIN "Restaurant" AS r ON r."id" = o."restaurantId"
    LEFT JOIN "Promotion" AS p ON p."id" = o."promotionId"
    LEFT JOIN "Review" AS v ON v."orderId" = o."id"${customerName ? `\n    LEFT JOIN "User" AS u ON u."id" = o."userId"` : ""}`;

/** One order of a page: its columns, its restaurant, promotion and review (null: none), its customer's first name and saved allergies (`customerName` pages). */
export type PageRow = {
  order: Order;
  restaurant: ReturnType<typeof restaurantOf>;
  promotion: ReturnType<typeof promotionOf>;
  review: ReturnType<typeof reviewOf>;
  firstName?: string;
  avoidAllergens?: number;
  /** The row as read, for `extra` columns (pageRows). */
  raw: Record<string, unknown>;
};

/**
 * The page of `query`, one statement (its bounds as parameters: one statement text, and one kept
 * statement, whatever the page). `extra`: more columns on the alias `o` (a step's payment check:
 * transition.ts), with their parameters before the page's.
 */
export async function pageRows(sql: Sql, query: PageQuery, customerName: boolean, extra = { columns: "", params: [] as readonly unknown[] }): Promise<PageRow[]> {
  const paging = query.limit === undefined ? "" : ` LIMIT ? OFFSET ?`;
  const params = query.limit === undefined ? query.params : [...query.params, Math.trunc(query.limit), Math.trunc(query.offset ?? 0)];
  const order = query.orderBy ? `\n  ORDER BY ${query.orderBy}` : "";
  const text = `${pageSelect(customerName, extra.columns)}\n  WHERE ${query.where}${order}${paging}`;
  const rows = await sql.all<Record<string, unknown>>(text, [...extra.params, ...params]);
  return rows.map((raw) => ({
    order: orderRow(raw),
    restaurant: restaurantOf(raw),
    promotion: promotionOf(raw),
    review: reviewOf(raw),
    ...(customerName && { firstName: customerOf(raw).u_firstName, avoidAllergens: customerOf(raw).u_avoidAllergens }),
    raw,
  }));
}

const lineRow = rowOf({
  id: row.int,
  orderId: row.int,
  menuItemId: row.intOrNull,
  name: row.text,
  priceCents: row.int,
  restaurantId: row.int,
  quantity: row.int,
  customizations: row.textOrNull,
  instructions: row.textOrNull,
  addedBy: row.textOrNull,
  packedAt: row.dateOrNull,
  packedBy: row.textOrNull,
  packedById: row.intOrNull,
});
const dishOf = joined("m_", "m_id", { priceCents: row.int, soldOutUntil: row.dateOrNull, allergens: row.int, dietLabels: row.int });
const chosenOf = joined("x_", "x_id", { id: row.int, optionId: row.intOrNull, groupName: row.text, name: row.text, priceDeltaCents: row.int, position: row.int });
const optionTodayOf = joined("mo_", "mo_id", { priceDeltaCents: row.int, soldOutOn: row.textOrNull, allergens: row.int, removesLabels: row.int });

/** A line with its dish today (null: off the menu), and one chosen option of it (null: none) with that option today. */
export type LineRow = {
  line: ReturnType<typeof lineRow>;
  dish: ReturnType<typeof dishOf>;
  chosen: ReturnType<typeof chosenOf>;
  optionToday: ReturnType<typeof optionTodayOf>;
};

/** The lines of `orderIds` (id order), each with its dish today and its chosen options (position order), one row per option, in one statement. */
export async function lineRows(sql: Sql, orderIds: readonly number[]): Promise<LineRow[]> {
  const rows = await sql.all<Record<string, unknown>>(
    `SELECT i."id", i."orderId", i."menuItemId", i."name", i."priceCents", i."restaurantId", i."quantity", i."customizations", i."instructions", i."addedBy", i."packedAt", i."packedBy", i."packedById",
        m."id" AS "m_id", m."priceCents" AS "m_priceCents", m."soldOutUntil" AS "m_soldOutUntil", m."allergens" AS "m_allergens", m."dietLabels" AS "m_dietLabels",
        x."id" AS "x_id", x."optionId" AS "x_optionId", x."groupName" AS "x_groupName", x."name" AS "x_name", x."priceDeltaCents" AS "x_priceDeltaCents", x."position" AS "x_position",
        mo."id" AS "mo_id", mo."priceDeltaCents" AS "mo_priceDeltaCents", mo."soldOutOn" AS "mo_soldOutOn", mo."allergens" AS "mo_allergens", mo."removesLabels" AS "mo_removesLabels"
      FROM "OrderItem" AS i
        LEFT JOIN "MenuItem" AS m ON m."id" = i."menuItemId"
        LEFT JOIN "OrderItemOption" AS x ON x."orderItemId" = i."id"
        LEFT JOIN "MenuOption" AS mo ON mo."id" = x."optionId"
      WHERE i."orderId" IN ${placeholders(orderIds.length)}
      ORDER BY i."id", x."position", x."id"`,
    orderIds,
  );
  return rows.map((raw) => ({ line: lineRow(raw), dish: dishOf(raw), chosen: chosenOf(raw), optionToday: optionTodayOf(raw) }));
}

const stageEventRow = rowOf({ orderId: row.int, stage: row.text, at: row.date });

/** The stage events of `orderIds` (their timelines), in the order they happened, in one statement. */
export async function stageEventRows(sql: Sql, orderIds: readonly number[]) {
  const rows = await sql.all(
    `SELECT "orderId", "stage", "at" FROM "OrderEvent"
      WHERE "orderId" IN ${placeholders(orderIds.length)} AND "stage" IN (${ORDER_STAGES.map((stage) => `'${stage}'`).join(", ")})
      ORDER BY "id"`,
    orderIds,
  );
  return rows.map(stageEventRow);
}
