import "server-only";
import { readSql, type Sql } from "../platform/sql";
import { withDeliveries } from "../dispatch/order-delivery";
import type { IncomingOrderRow, OrderRow } from "./include";
import { awaitingExtra, awaitingOfRow, type Awaiting } from "../payments/queries/order-state";
import { lineRows, orderById, pageRows, stageEventRows, type PageQuery, type PageRow } from "./queries/pages";

// The order lists' pages (the customer's orders, a restaurant's orders and its board) read in
// plain SQL (queries/pages.ts), as the same rows orderInclude gives (include.ts), in a fixed
// number of statements whatever the history and the page's size ("Personal lists"):
//   1. the page: its orders with their restaurant's, promotion's, review's (and, for the owner,
//      customer's) columns joined by key, straight out of the list's index, stopping after the page;
//   2. their lines, each with its dish's price today and its chosen options (with theirs);
//   3. their timelines (stage events);
//   4. their deliveries (dispatch/order-delivery.ts).
// Prisma's query engine (its query building, interpreter and result mapping, one statement per
// relation) was most of a page's CPU: docs/log/performance.md "Personal lists".

function orderOf({ order, restaurant, promotion, review, firstName, avoidAllergens }: PageRow): OrderRow & { user?: { firstName: string; avoidAllergens: number } } {
  const user = firstName !== undefined && { user: { firstName, avoidAllergens: avoidAllergens ?? 0 } };
  return { ...order, restaurant, promotion, review, ...user, orderItems: [], events: [] };
}

/** Each order's lines (id order) with their dish today and their chosen options (position order), in one statement. */
async function attachLines(sql: Sql, orders: readonly OrderRow[]): Promise<void> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  let line = null as OrderRow["orderItems"][number] | null;
  for (const found of await lineRows(sql, [...byId.keys()])) {
    if (line === null || line.id !== found.line.id) {
      line = { ...found.line, menuItem: found.dish, options: [] };
      byId.get(line.orderId)!.orderItems.push(line);
    }
    if (found.chosen !== null) line.options.push({ ...found.chosen, orderItemId: line.id, option: found.optionToday });
  }
}

/** Each order's timeline (its stage events, in the order they happened), in one statement. */
async function attachEvents(sql: Sql, orders: readonly OrderRow[]): Promise<void> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const event of await stageEventRows(sql, [...byId.keys()])) byId.get(event.orderId)!.events.push({ stage: event.stage, at: event.at });
}

/** Lines, timelines and deliveries of `orders` (read above), in place; returns them. */
async function withRelations<T extends OrderRow>(sql: Sql, orders: T[]): Promise<T[]> {
  if (!orders.length) return orders;
  await attachLines(sql, orders);
  await attachEvents(sql, orders);
  return withDeliveries(sql, orders);
}

/**
 * One order as its restaurant sees it, read in the caller's transaction (an order's step:
 * transition.ts): its row with the customer's first name, its lines and its timeline, three
 * statements (Prisma's include took ten); its delivery is not attached (withDeliveries).
 */
export async function incomingOrderRow(sql: Sql, orderId: number): Promise<IncomingOrderRow | null> {
  return (await incomingOrderRead(sql, orderId))?.order ?? null;
}

/** incomingOrderRow, and whether the order waits for its payment (payments/queries/order-state.ts) read in its first statement. */
export async function incomingOrderRead(sql: Sql, orderId: number, awaiting = false): Promise<{ order: IncomingOrderRow; awaiting: Awaiting | null } | null> {
  const [found] = await pageRows(sql, orderById(orderId), true, awaiting ? awaitingExtra(orderId) : undefined);
  if (!found) return null;
  const orders = [orderOf(found)];
  await attachLines(sql, orders);
  await attachEvents(sql, orders);
  return { order: orders[0] as IncomingOrderRow, awaiting: awaiting ? awaitingOfRow(found.raw) : null };
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
  for (const query of queries) pages.push((await pageRows(sql, query, customerName)).map(orderOf));
  await withRelations(sql, pages.flat());
  return pages;
}
