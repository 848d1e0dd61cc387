import "server-only";
import { csvDollars, csvLine } from "@/lib/shared/money/csv";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { formatSortableDateTime } from "@/lib/shared/time/format-date";
import type { DateRange } from "@/lib/contract/restaurants/insights-rules";
import { db } from "../platform/db";
import { getOwnedRestaurant } from "../team/owned";
import { deliveryOptionOf } from "../orders/to-json";
import type { SessionUser } from "../platform/session-user";
import { daysOf } from "./days";
import { readInsights } from "./read";

// The owner's CSV downloads of a range (docs/architecture/insights.md "Insights and exports"): the
// orders, one record per order line (the order's subtotal, fees, tip and total on its first
// line only, so summing a column counts each order once), and the insights. Both are async iterators of CSV text
// that lib/server/web/csv.ts streams: the orders are read a page at a time by a keyset
// cursor on (submittedAt, id), the index Order(restaurantId, submittedAt) serving each page.

/** Orders per page of the orders CSV (each with its lines and their options). */
export const EXPORT_PAGE_ORDERS = 200;

export const ORDER_COLUMNS = [
  "order_id",
  "submitted_at",
  "status",
  "stage",
  "delivery",
  "payment",
  "group_host",
  "line_id",
  "dish",
  "options",
  "added_by",
  "instructions",
  "quantity",
  "unit_price",
  "line_total",
  "order_subtotal",
  "delivery_fee",
  "priority_fee",
  "service_fee",
  "tip",
  "order_total",
  /** Items of the line refunded by approved problem reports (docs/architecture/problem-reports.md). */
  "refunded_quantity",
  /** The order's problem-report refunds (its first line only, as the money columns). */
  "order_refunded",
] as const;

type Actor = Pick<SessionUser, "id" | "guestAccount">;

/** Checks ownership before the download starts (a stranger gets the 404, not an empty file). */
export async function ordersCsv(user: Actor, restaurantId: number, range: DateRange): Promise<AsyncIterable<string>> {
  const restaurant = await getOwnedRestaurant(user, restaurantId);
  return orderLines(restaurant.id, restaurant.timeZone, range);
}

export async function* orderLines(restaurantId: number, timeZone: string, range: DateRange, pageSize = EXPORT_PAGE_ORDERS): AsyncGenerator<string> {
  const { bounds } = daysOf(range, timeZone);
  const inRange = { restaurantId, submittedAt: { gte: bounds[0]!, lt: bounds[bounds.length - 1]! } };
  yield csvLine([...ORDER_COLUMNS]);
  let after: Cursor | null = null;
  for (;;) {
    const orders = await orderPage(inRange, after, pageSize);
    if (!orders.length) return;
    let text = "";
    for (const order of orders) {
      const head = [
        order.id,
        formatSortableDateTime(order.submittedAt!, timeZone),
        statusOf(order.stage),
        order.stage,
        deliveryOptionOf(order),
        order.paymentMethod,
        order.groupHostName,
      ];
      const money = [order.subtotalCents, order.deliveryFeeCents, order.priorityFeeCents, order.serviceFeeCents, order.tipCents, order.totalCents].map(csvDollars);
      const blank = money.map(() => "");
      order.orderItems.forEach((line, index) => {
        const options = line.options
          .map((o) => `${o.groupName}: ${o.name}${o.priceDeltaCents ? ` (${o.priceDeltaCents > 0 ? "+" : "-"}${csvDollars(Math.abs(o.priceDeltaCents))})` : ""}`)
          .join("; ");
        text += csvLine([
          ...head,
          line.id,
          line.name,
          options,
          line.addedBy,
          line.instructions,
          line.quantity,
          csvDollars(line.priceCents),
          csvDollars(line.priceCents * line.quantity),
          // The order's money on its first line only: a column's sum is then the range's sum.
          ...(index === 0 ? money : blank),
          order.refundedOf.get(line.id) ?? 0,
          index === 0 ? csvDollars(order.refundedCents) : "",
        ]);
      });
    }
    yield text;
    const last = orders[orders.length - 1]!;
    after = { submittedAt: last.submittedAt!, id: last.id };
    if (orders.length < pageSize) return;
  }
}

type Cursor = { submittedAt: Date; id: number };
type Range = { restaurantId: number; submittedAt: { gte: Date; lt: Date } };

/** Map.groupBy (not in Node 20). */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Ids bound in one IN list at most: SQLite's default limit on bound parameters is 999. */
const IN_CHUNK = 500;

/**
 * The page of orders after `cursor` (keyset: submittedAt, then id), with their lines and the
 * lines' options. Read in three statements, the options by chunks of line ids, so no statement
 * binds more parameters than SQLite allows, however many lines a page's orders have.
 */
async function orderPage(inRange: Range, cursor: Cursor | null, take: number) {
  const orders = await db.order.findMany({
    where: cursor ? { ...inRange, OR: [{ submittedAt: { gt: cursor.submittedAt } }, { submittedAt: cursor.submittedAt, id: { gt: cursor.id } }] } : inRange,
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take,
  });
  const lines = orders.length ? await db.orderItem.findMany({ where: { orderId: { in: orders.map((o) => o.id) } }, orderBy: { id: "asc" } }) : [];
  const options: Awaited<ReturnType<typeof db.orderItemOption.findMany>> = [];
  for (let i = 0; i < lines.length; i += IN_CHUNK) {
    const ids = lines.slice(i, i + IN_CHUNK).map((l) => l.id);
    options.push(...(await db.orderItemOption.findMany({ where: { orderItemId: { in: ids } }, orderBy: [{ orderItemId: "asc" }, { position: "asc" }] })));
  }
  const optionsOf = groupBy(options, (o) => o.orderItemId);
  // Approved problem reports' refunds: per line (items) and per order (cents).
  const approved = { in: ["approved", "partially_approved"] };
  const orderIds = orders.map((o) => o.id);
  const [refundLines, refundReports] = orders.length
    ? await Promise.all([
        db.problemLine.findMany({ where: { problem: { orderId: { in: orderIds }, status: approved } }, select: { orderItemId: true, approvedQuantity: true } }),
        db.problemReport.findMany({ where: { orderId: { in: orderIds }, status: approved }, select: { orderId: true, refundCents: true } }),
      ])
    : [[], []];
  const refundedItems = new Map<number, number>();
  for (const line of refundLines) refundedItems.set(line.orderItemId, (refundedItems.get(line.orderItemId) ?? 0) + line.approvedQuantity);
  const refundedCents = new Map<number, number>();
  for (const report of refundReports) refundedCents.set(report.orderId, (refundedCents.get(report.orderId) ?? 0) + report.refundCents);
  const linesOf = groupBy(
    lines.map((line) => ({ ...line, options: optionsOf.get(line.id) ?? [] })),
    (line) => line.orderId,
  );
  return orders.map((order) => ({ ...order, orderItems: linesOf.get(order.id) ?? [], refundedOf: refundedItems, refundedCents: refundedCents.get(order.id) ?? 0 }));
}

/** The insights as tidy data: one value per record (section, key, metric, value), money in dollars. */
export async function insightsCsv(user: Actor, restaurantId: number, range: DateRange): Promise<AsyncIterable<string>> {
  const restaurant = await getOwnedRestaurant(user, restaurantId);
  return insightLines(restaurant.id, restaurant.timeZone, range);
}

export const INSIGHT_COLUMNS = ["section", "key", "metric", "value"] as const;

async function* insightLines(restaurantId: number, timeZone: string, range: DateRange): AsyncGenerator<string> {
  const insights = await readInsights(restaurantId, timeZone, range);
  const rows: (string | number | null)[][] = [[...INSIGHT_COLUMNS]];
  for (const day of insights.days) {
    rows.push(["day", day.day, "orders", day.orders], ["day", day.day, "revenue", csvDollars(day.revenueCents)], ["day", day.day, "canceled_orders", day.canceled]);
  }
  rows.push(
    ["range", `${range.from}..${range.to}`, "orders", insights.orders],
    ["range", `${range.from}..${range.to}`, "revenue", csvDollars(insights.revenueCents)],
    ["range", `${range.from}..${range.to}`, "net_revenue", csvDollars(insights.netRevenueCents)],
    ["range", `${range.from}..${range.to}`, "average_order_value", insights.averageOrderCents === null ? null : csvDollars(insights.averageOrderCents)],
    ["customers", "new", "customers", insights.customers.new],
    ["customers", "returning", "customers", insights.customers.returning],
  );
  for (const dish of insights.topByQuantity)
    rows.push(["top_by_quantity", dish.name, "quantity", dish.quantity], ["top_by_quantity", dish.name, "revenue", csvDollars(dish.revenueCents)]);
  for (const dish of insights.topByRevenue)
    rows.push(["top_by_revenue", dish.name, "revenue", csvDollars(dish.revenueCents)], ["top_by_revenue", dish.name, "quantity", dish.quantity]);
  for (const c of insights.cancellations) {
    rows.push(
      ["cancellations", c.reason, "orders", c.orders],
      ["cancellations", c.reason, "amount", csvDollars(c.amountCents)],
      ["cancellations", c.reason, "refunded_to_wallet", csvDollars(c.refundedToWalletCents)],
    );
  }
  rows.push(
    ["refunds", `${range.from}..${range.to}`, "problem_reports_approved", insights.refunds.reports],
    ["refunds", `${range.from}..${range.to}`, "refunded", csvDollars(insights.refunds.refundedCents)],
  );
  for (const dish of insights.refunds.byDish)
    rows.push(
      ["refunds_by_dish", dish.name, "refunded_items", dish.refunded],
      ["refunds_by_dish", dish.name, "sold_items", dish.sold],
      ["refunds_by_dish", dish.name, "refund_rate", dish.rate],
      ["refunds_by_dish", dish.name, "refunded", csvDollars(dish.refundedCents)],
    );
  for (const week of insights.ratings) rows.push(["ratings_week", week.weekOf, "reviews", week.reviews], ["ratings_week", week.weekOf, "average", week.average]);
  rows.push(
    ["preparation", "accepted_to_ready", "orders", insights.preparation.orders],
    ["preparation", "accepted_to_ready", "average_minutes", insights.preparation.averageMinutes],
    ["delivery", "ready_to_delivered", "orders", insights.delivery.orders],
    ["delivery", "ready_to_delivered", "average_minutes", insights.delivery.averageMinutes],
  );
  // At most a few thousand records (366 days and small lists): yielded in pages all the same.
  for (let i = 0; i < rows.length; i += 500)
    yield rows
      .slice(i, i + 500)
      .map(csvLine)
      .join("");
}
