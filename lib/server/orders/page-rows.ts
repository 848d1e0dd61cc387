import "server-only";
import { ORDER_STAGES } from "@/lib/shared/order-stages";
import { dateOf, placeholders, readSql, type Sql } from "../platform/sql";
import { withDeliveries } from "../dispatch/order-delivery";
import { db } from "../platform/db";
import type { IncomingOrderRow, OrderRow } from "./include";

// The order lists' pages (the customer's orders, a restaurant's orders and its board) read in
// plain SQL, as the same rows orderInclude gives (include.ts), in a fixed number of statements
// whatever the history and the page's size (issue 50, "Personal lists"):
//   1. the page: its orders with their restaurant's, promotion's, review's (and, for the owner,
//      customer's) columns joined by key, straight out of the list's index, stopping after the page;
//   2. their lines, each with its dish's price today and its chosen options (with theirs);
//   3. their timelines (stage events);
//   4. their deliveries (dispatch/order-delivery.ts).
// Prisma's query engine (its query building, interpreter and result mapping, one statement per
// relation) was most of a page's CPU: docs/log/performance.md "Personal lists".

/** Every column of Order, as the rows of the lists carry them (OrderRow's scalars): page-rows.test.ts holds it to the schema. */
export const ORDER_COLUMNS = [
  "id",
  "userId",
  "restaurantId",
  "restaurantName",
  "restaurantImage",
  "subtotalCents",
  "deliveryFeeCents",
  "priorityFeeCents",
  "serviceFeeCents",
  "tipCents",
  "totalCents",
  "deliveryOption",
  "scheduledFor",
  "paymentMethod",
  "createdAt",
  "updatedAt",
  "submittedAt",
  "closedAt",
  "stage",
  "prepMinutes",
  "prepAddedMinutes",
  "acceptedAt",
  "estimatedReadyAt",
  "promisedArrivalBy",
  "rejectionReason",
  "groupHostName",
  "pickup",
  "discountCents",
  "promotionId",
  "dropoff",
  "dropoffPhoto",
  "taxCents",
  "taxRateMilliPercent",
  "taxesFees",
  "taxJurisdiction",
  "deliveryLabel",
  "deliveryStreet",
  "deliveryUnit",
  "deliveryCity",
  "deliveryState",
  "deliveryZip",
  "deliveryNote",
  "deliveryLat",
  "deliveryLng",
] as const;
const ORDER_DATES = new Set(["scheduledFor", "createdAt", "updatedAt", "submittedAt", "closedAt", "acceptedAt", "estimatedReadyAt", "promisedArrivalBy"]);

/**
 * One page of orders: `where` and `orderBy` are SQL on the alias `o` written by the callers
 * (constants and `?` parameters, never input); without `orderBy`, the rows come in any order.
 */
export type PageQuery = { where: string; params: readonly unknown[]; orderBy?: string; limit?: number; offset?: number };

type Raw = Record<string, unknown>;
/** A whole number as either driver returns it (PostgreSQL's BIGINT cents come back as bigint). */
const int = (value: unknown): number => Number(value);
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : dateOf(value));

const pageSelect = (customerName: boolean) =>
  `SELECT ${ORDER_COLUMNS.map((c) => `o."${c}"`).join(", ")},
    r."ownerId" AS "r_ownerId", r."servicing" AS "r_servicing", r."deliveryTime" AS "r_deliveryTime", r."timeZone" AS "r_timeZone",
    r."busyExtraMinutes" AS "r_busyExtraMinutes", r."busyUntil" AS "r_busyUntil",
    p."id" AS "p_id", p."code" AS "p_code", p."kind" AS "p_kind", p."value" AS "p_value", p."maxDiscountCents" AS "p_maxDiscountCents",
    p."minSubtotalCents" AS "p_minSubtotalCents", p."firstOrderOnly" AS "p_firstOrderOnly",
    v."id" AS "v_id", v."orderRating" AS "v_orderRating"${customerName ? `, u."firstName" AS "u_firstName"` : ""}
  FROM "Order" AS o
    LEFT JOIN "Restaurant" AS r ON r."id" = o."restaurantId"
    LEFT JOIN "Promotion" AS p ON p."id" = o."promotionId"
    LEFT JOIN "Review" AS v ON v."orderId" = o."id"${customerName ? `\n    LEFT JOIN "User" AS u ON u."id" = o."userId"` : ""}`;

function orderOf(row: Raw): OrderRow & { user?: { firstName: string } } {
  const order: Raw = {};
  for (const column of ORDER_COLUMNS) {
    const value = row[column];
    order[column] = ORDER_DATES.has(column) ? dateOrNull(value) : typeof value === "bigint" ? Number(value) : value;
  }
  order.pickup = Boolean(row.pickup);
  order.taxesFees = Boolean(row.taxesFees);
  order.restaurant =
    row.r_ownerId === null
      ? null
      : {
          ownerId: int(row.r_ownerId),
          servicing: Boolean(row.r_servicing),
          deliveryTime: int(row.r_deliveryTime),
          timeZone: String(row.r_timeZone),
          busyExtraMinutes: int(row.r_busyExtraMinutes),
          busyUntil: dateOrNull(row.r_busyUntil),
        };
  order.promotion =
    row.p_id === null
      ? null
      : {
          id: int(row.p_id),
          code: row.p_code,
          kind: row.p_kind,
          value: int(row.p_value),
          maxDiscountCents: intOrNull(row.p_maxDiscountCents),
          minSubtotalCents: int(row.p_minSubtotalCents),
          firstOrderOnly: Boolean(row.p_firstOrderOnly),
        };
  order.review = row.v_id === null ? null : { id: int(row.v_id), orderRating: int(row.v_orderRating) };
  if ("u_firstName" in row) order.user = { firstName: row.u_firstName };
  order.orderItems = [];
  order.events = [];
  return order as unknown as OrderRow & { user?: { firstName: string } };
}

/** Each order's lines (id order) with their dish today and their chosen options (position order), in one statement. */
async function attachLines(sql: Sql, orders: readonly OrderRow[]): Promise<void> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const rows = await sql.all<Raw>(
    `SELECT i."id", i."orderId", i."menuItemId", i."name", i."priceCents", i."restaurantId", i."quantity", i."customizations", i."instructions", i."addedBy",
        m."id" AS "m_id", m."priceCents" AS "m_priceCents", m."soldOutUntil" AS "m_soldOutUntil",
        x."id" AS "x_id", x."optionId" AS "x_optionId", x."groupName" AS "x_groupName", x."name" AS "x_name", x."priceDeltaCents" AS "x_priceDeltaCents", x."position" AS "x_position",
        mo."id" AS "mo_id", mo."priceDeltaCents" AS "mo_priceDeltaCents", mo."soldOutOn" AS "mo_soldOutOn"
      FROM "OrderItem" AS i
        LEFT JOIN "MenuItem" AS m ON m."id" = i."menuItemId"
        LEFT JOIN "OrderItemOption" AS x ON x."orderItemId" = i."id"
        LEFT JOIN "MenuOption" AS mo ON mo."id" = x."optionId"
      WHERE i."orderId" IN ${placeholders(byId.size)}
      ORDER BY i."id", x."position", x."id"`,
    [...byId.keys()],
  );
  let line = null as OrderRow["orderItems"][number] | null;
  for (const row of rows) {
    const id = int(row.id);
    if (line === null || line.id !== id) {
      line = {
        id,
        orderId: int(row.orderId),
        menuItemId: intOrNull(row.menuItemId),
        name: row.name as string,
        priceCents: int(row.priceCents),
        restaurantId: int(row.restaurantId),
        quantity: int(row.quantity),
        customizations: row.customizations as string | null,
        instructions: row.instructions as string | null,
        addedBy: row.addedBy as string | null,
        menuItem: row.m_id === null ? null : { priceCents: int(row.m_priceCents), soldOutUntil: dateOrNull(row.m_soldOutUntil) },
        options: [],
      };
      byId.get(line.orderId)!.orderItems.push(line);
    }
    if (row.x_id !== null)
      line.options.push({
        id: int(row.x_id),
        orderItemId: id,
        optionId: intOrNull(row.x_optionId),
        groupName: row.x_groupName as string,
        name: row.x_name as string,
        priceDeltaCents: int(row.x_priceDeltaCents),
        position: int(row.x_position),
        option: row.mo_id === null ? null : { priceDeltaCents: int(row.mo_priceDeltaCents), soldOutOn: row.mo_soldOutOn as string | null },
      });
  }
}

/** Each order's timeline (its stage events, in the order they happened), in one statement. */
async function attachEvents(sql: Sql, orders: readonly OrderRow[]): Promise<void> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const rows = await sql.all<Raw>(
    `SELECT "orderId", "stage", "at" FROM "OrderEvent"
      WHERE "orderId" IN ${placeholders(byId.size)} AND "stage" IN (${ORDER_STAGES.map((stage) => `'${stage}'`).join(", ")})
      ORDER BY "id"`,
    [...byId.keys()],
  );
  for (const row of rows) byId.get(int(row.orderId))!.events.push({ stage: row.stage as string, at: dateOf(row.at) });
}

/** Lines, timelines and deliveries of `orders` (read above), in place; returns them. */
async function withRelations<T extends OrderRow>(sql: Sql, orders: T[]): Promise<T[]> {
  if (!orders.length) return orders;
  await attachLines(sql, orders);
  await attachEvents(sql, orders);
  return withDeliveries(db, orders);
}

/** One page of orders (`query`), with everything the order JSON needs. */
export async function orderPage(query: PageQuery): Promise<OrderRow[]> {
  return (await orderPages([query], false))[0]!;
}

/** One page of a restaurant's orders as its owner reads them (plus each customer's first name). */
export async function incomingOrderPage(query: PageQuery): Promise<IncomingOrderRow[]> {
  return (await orderPages([query], true))[0]! as IncomingOrderRow[];
}

/**
 * Several pages (the board's open orders and those closed today), each one statement, their
 * lines, timelines and deliveries read together (three statements for all of them).
 */
export async function orderPages(queries: readonly PageQuery[], customerName: boolean): Promise<OrderRow[][]> {
  const sql = await readSql();
  const pages: OrderRow[][] = [];
  for (const query of queries) {
    // The page's bounds as parameters: one statement text (and one kept statement) whatever the page.
    const paging = query.limit === undefined ? "" : ` LIMIT ? OFFSET ?`;
    const params = query.limit === undefined ? query.params : [...query.params, Math.trunc(query.limit), Math.trunc(query.offset ?? 0)];
    const order = query.orderBy ? `\n  ORDER BY ${query.orderBy}` : "";
    const rows = await sql.all<Raw>(`${pageSelect(customerName)}\n  WHERE ${query.where}${order}${paging}`, params);
    pages.push(rows.map(orderOf));
  }
  await withRelations(sql, pages.flat());
  return pages;
}
