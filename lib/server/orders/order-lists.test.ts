import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installAppDb, restaurantRow, setUpTestDatabase, testingOnPostgres } from "../platform/testing/db";
import type { SessionUser } from "../platform/session-user";

// A page of orders costs what a page costs, whatever the history behind it ("Personal
// lists"): a customer with 1,000 orders, an owner whose restaurant has 1,000 of them. The lists'
// statements are the ones the data layer actually runs (recorded on the driver: better-sqlite3's
// `prepare` on SQLite, pg's Client#query on PostgreSQL) and each one's plan is read with the
// same arguments:
// - no statement reads the whole Order table or walks one of its indexes end to end (SQLite:
//   SCAN; PostgreSQL: Seq Scan, or an Index Scan with no index condition);
// - no statement sorts the history (SQLite: a temp B-tree for an ORDER BY over Order;
//   PostgreSQL: a Sort whose input is Order rows not bounded by the page): the page comes out
//   of an index in order and stops after offset + limit rows;
// - the history is never counted per request, and a page runs as many statements with 1,000
//   orders behind it as with 3.
// The pagination contract (limit-offset, newest first, ../shared/spec/api-contract.md) is pinned
// alongside: pages are contiguous and do not overlap.

const test = setUpTestDatabase({ MAX_OPEN_ORDERS: "0", MAX_OPEN_ORDERS_PER_RESTAURANT: "0" });
// The app's client with a query listener: the statements that still go through Prisma's client.
const prismaStatements: string[] = [];
// Loaded after setUpTestDatabase: the app's modules (sql.ts's readSql) must know this client's connection.
const { createDb } = await import("../platform/create-db");
installAppDb(createDb(test.url, { onQuery: (sql) => prismaStatements.push(sql) }), test.url);
const HISTORY = 1_000;

type Captured = { sql: string; args: unknown[] };
let recording: Captured[] | null = null;

// SQLite: every statement Prisma's adapter and sqlOf prepare, with the arguments it runs with.
const originalPrepare = Database.prototype.prepare;
Database.prototype.prepare = function prepare(this: Database.Database, sql: string) {
  const stmt = originalPrepare.call(this, sql) as Database.Statement;
  for (const method of ["run", "all", "get", "iterate"] as const) {
    const original = (stmt[method] as (...params: unknown[]) => unknown).bind(stmt);
    (stmt as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
      recording?.push({ sql, args: params.length === 1 && Array.isArray(params[0]) ? params[0] : params });
      return original(...params);
    };
  }
  return stmt;
} as typeof Database.prototype.prepare;

// PostgreSQL: every query the adapter sends (text and values).
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(this: pg.Client, ...params: unknown[]) {
  const [first, second] = params as [string | { text: string; values?: unknown[] }, unknown];
  if (recording) {
    if (typeof first === "string") recording.push({ sql: first, args: Array.isArray(second) ? second : [] });
    else if (first && typeof first.text === "string") recording.push({ sql: first.text, args: first.values ?? (Array.isArray(second) ? second : []) });
  }
  return (originalQuery as (...p: unknown[]) => unknown).apply(this, params);
} as typeof pg.Client.prototype.query;

afterAll(() => {
  Database.prototype.prepare = originalPrepare;
  pg.Client.prototype.query = originalQuery;
});

async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; selects: Captured[] }> {
  const log: Captured[] = [];
  recording = log;
  try {
    const result = await fn();
    return { result, selects: log.filter((q) => /^\s*SELECT\b/i.test(q.sql)) };
  } finally {
    recording = null;
  }
}

/** A statement's plan, one line per node. */
async function planOf(q: Captured): Promise<string[]> {
  if (testingOnPostgres) {
    // A test's Order table is a few pages, which PostgreSQL reads whole rather than through any
    // index; with sequential scans priced out it still reads it whole when no index serves the
    // query (the check can fail), and otherwise shows the index a large table would use.
    const [, rows] = await test.db.$transaction([
      test.db.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`),
      test.db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${q.sql}`, ...q.args),
    ]);
    return rows.map((row) => row["QUERY PLAN"].trim());
  }
  const rows = await test.db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${q.sql}`, ...q.args);
  return rows.map((row) => row.detail);
}

/** Does `sql` read the Order table itself (not only its relations)? */
const readsOrders = (sql: string) => /(FROM|JOIN)\s+(`main`\.)?[`"]Order[`"]/i.test(sql) || /"public"\."Order"/.test(sql);

/** `main`.`X` AS `t0` (Prisma) or "X" AS x (hand-written SQL) -> alias: X. */
function tablesByAlias(sql: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of sql.matchAll(/`main`\.`(\w+)`(?:\s+AS\s+`(\w+)`)?/gi)) {
    names.set(`main.${m[1]!}`, m[1]!);
    if (m[2]) names.set(m[2], m[1]!);
  }
  for (const m of sql.matchAll(/"(\w+)"\s+AS\s+(\w+)/gi)) names.set(m[2]!, m[1]!);
  return names;
}

/**
 * The plan lines that read the whole history or sort it (see the top of the file). A sort is
 * accepted over the rows of an index search that binds `stage`: the restaurant's open orders
 * (the board's and the incoming list's subject, not its history).
 */
function historyReads(sql: string, plan: string[]): string[] {
  if (!readsOrders(sql)) return [];
  const byStage = plan.some((line) => /stage\s*=|"stage" = ANY|stage = ANY/.test(line));
  // The orders closed since midnight are read by (restaurantId, closedAt), never by stage: every
  // closed stage is the restaurant's whole history.
  if (/[`"]closedAt[`"]\s*>=/.test(sql) && !plan.some((line) => /closedAt/.test(line))) return [`closed today, not read by closedAt: ${plan.join(" / ")}`];
  if (testingOnPostgres) {
    const bad: string[] = [];
    for (let i = 0; i < plan.length; i++) {
      const line = plan[i]!;
      if (/Seq Scan on "Order"/.test(line)) bad.push(line);
      // A full index walk: an Index Scan of Order with no Index Cond on the next lines.
      if (/Index (Only )?Scan( Backward)? using \S+ on "Order"/.test(line) && !/Index Cond/.test(plan.slice(i + 1, i + 3).join(" "))) bad.push(line);
      // A Sort (not an Incremental Sort: that sorts the few rows of one createdAt at a time).
      // A Sort node ("Sort  (cost=..."), not an Incremental Sort's "Sort Key:" line.
      if (/^(-> +)?Sort +\(/.test(line) && !byStage) bad.push(line);
      if (/Bitmap Heap Scan on "Order"/.test(line) && !byStage) bad.push(line); // no order: every matching row, then a sort
    }
    return bad;
  }
  const names = tablesByAlias(sql);
  return plan.filter((line) => {
    const scanned = /^SCAN (\S+)/.exec(line)?.[1];
    if (scanned !== undefined && (names.get(scanned) ?? scanned) === "Order") return true;
    return (/^USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(line) && !byStage) || /^MULTI-INDEX OR/.test(line);
  });
}

let customer: SessionUser;
let smallCustomer: SessionUser;
let owner: SessionUser;
let restaurantId: number;
let joinedOrderId: number;
let reads: typeof import("./read");
let incoming: typeof import("./incoming");
let toJson: typeof import("./to-json");

/**
 * `count` orders of `userId` at the restaurant, each with a line and its events: placed ones a
 * second apart up to now, delivered ones a minute apart up to two days ago (the board's "closed
 * today" has none of them).
 */
async function history(userId: number, count: number, stage: "placed" | "delivered") {
  const now = stage === "placed" ? Date.now() : Date.now() - 2 * 86_400_000;
  const step = stage === "placed" ? 1000 : 60_000;
  const dish = await test.db.menuItem.findFirstOrThrow({ where: { restaurantId } });
  await test.db.order.createMany({
    data: Array.from({ length: count }, (_, i) => {
      const at = new Date(now - (count - i) * step);
      return {
        userId,
        restaurantId,
        restaurantName: "Test Kitchen",
        subtotalCents: 1500,
        deliveryFeeCents: 299,
        totalCents: 1799,
        deliveryOption: "standard",
        paymentMethod: "wallet",
        stage,
        createdAt: at,
        submittedAt: at,
        closedAt: stage === "delivered" ? at : null,
      };
    }),
  });
  const orders = await test.db.order.findMany({ where: { userId }, select: { id: true, createdAt: true } });
  await test.db.orderItem.createMany({ data: orders.map((o) => ({ orderId: o.id, menuItemId: dish.id, name: dish.name, priceCents: 1500, restaurantId, quantity: 1 })) });
  await test.db.orderEvent.createMany({
    data: orders.flatMap((o) => ["placed", stage].map((s) => ({ orderId: o.id, userId, restaurantId, stage: s, at: o.createdAt }))),
  });
}

beforeAll(async () => {
  const user = async (email: string, firstName: string) => (await test.db.user.create({ data: { email, firstName, lastName: "Test" } })) as unknown as SessionUser;
  owner = await user("owner@example.com", "Olive");
  customer = await user("many@example.com", "Mani");
  smallCustomer = await user("few@example.com", "Fay");
  restaurantId = (await test.db.restaurant.create({ data: restaurantRow(owner.id) })).id;
  await test.db.menuItem.create({ data: { restaurantId, name: "Noodles", description: "Hand-pulled", priceCents: 1500, foodImage: "/x.webp", foodType: "entree" } });
  await history(customer.id, HISTORY, "delivered");
  await history(smallCustomer.id, 3, "delivered");
  // The owner's open orders: a few placed ones on top of the delivered history.
  const open = await test.db.user.create({ data: { email: "open@example.com", firstName: "Opal", lastName: "Test" } });
  await history(open.id, 30, "placed");
  // The customer also took part in a group order Opal placed: it is in their list, read-only.
  const hosted = await test.db.order.update({
    where: { id: (await test.db.order.findFirstOrThrow({ where: { userId: open.id }, orderBy: { id: "desc" } })).id },
    data: { groupHostName: "Opal" },
  });
  const group = await test.db.groupOrder.create({
    data: { token: "group-token", hostId: open.id, restaurantId, status: "placed", orderId: hosted.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  await test.db.groupParticipant.createMany({
    data: [
      { groupId: group.id, userId: open.id, displayName: "Opal" },
      { groupId: group.id, userId: customer.id, displayName: "Mani" },
      { groupId: group.id, userId: smallCustomer.id, displayName: "Fay" },
    ],
  });
  joinedOrderId = hosted.id;
  // The page's orders carry every relation the JSON shows: a line with chosen options (one option
  // since removed from the menu), a review, a promotion, a delivery with its courier.
  const [newest, second, third] = await test.db.order.findMany({ where: { userId: customer.id }, orderBy: { id: "desc" }, take: 3 });
  const dish = await test.db.menuItem.findFirstOrThrow({ where: { restaurantId } });
  const sizes = await test.db.optionGroup.create({ data: { menuItemId: dish.id, name: "Size", minChoices: 0, maxChoices: 2, position: 0 } });
  const large = await test.db.menuOption.create({ data: { groupId: sizes.id, name: "Large", priceDeltaCents: 200, position: 0 } });
  const gone = await test.db.menuOption.create({ data: { groupId: sizes.id, name: "Spicy", priceDeltaCents: 50, position: 1 } });
  const line = await test.db.orderItem.create({
    data: { orderId: newest!.id, menuItemId: dish.id, name: dish.name, priceCents: 1750, restaurantId, quantity: 2, instructions: "No onions", addedBy: null },
  });
  await test.db.orderItemOption.createMany({
    data: [
      { orderItemId: line.id, optionId: gone.id, groupName: "Size", name: "Spicy", priceDeltaCents: 50, position: 1 },
      { orderItemId: line.id, optionId: large.id, groupName: "Size", name: "Large", priceDeltaCents: 200, position: 0 },
    ],
  });
  await test.db.menuOption.delete({ where: { id: gone.id } });
  await test.db.review.create({ data: { userId: customer.id, orderId: second!.id, restaurantId, review: "Good", orderRating: 4, restaurantRating: 5 } });
  const promotion = await test.db.promotion.create({ data: { restaurantId, code: "TENOFF", codeKey: "tenoff", kind: "percent", value: 10, maxDiscountCents: 500 } });
  await test.db.order.update({ where: { id: third!.id }, data: { promotionId: promotion.id, discountCents: 150, pickup: true, scheduledFor: new Date() } });
  if (testingOnPostgres) await test.db.$executeRawUnsafe(`ANALYZE`);
  reads = await import("./read");
  incoming = await import("./incoming");
  toJson = await import("./to-json");
}, 120_000);

/** An order as Prisma's include reads it (`orderInclude`, its delivery, a group order's share): what the plain-SQL reads must answer. */
async function prismaRead(user: SessionUser, id: number) {
  const { db } = await import("../platform/db");
  const { orderInclude } = await import("./include");
  const { withDeliveries } = await import("../dispatch/order-delivery");
  const { memberNamesOf } = await import("./group-members");
  const [order] = await withDeliveries(db, [await db.order.findUniqueOrThrow({ where: { id }, include: orderInclude })]);
  const memberName = order!.userId === user.id ? undefined : (await memberNamesOf(db, user, [id])).get(id);
  return toJson.orderToJson(order!, { memberName });
}

describe("a customer's orders list (GET /api/orders)", () => {
  it("keeps the limit-offset contract: newest first, contiguous pages, nothing twice", async () => {
    const all = await test.db.order.findMany({
      where: { OR: [{ userId: customer.id }, { id: joinedOrderId }] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(all).toHaveLength(HISTORY + 1);
    const first = await reads.listOrdersJson(customer, { limit: 20, offset: 0 });
    const second = await reads.listOrdersJson(customer, { limit: 20, offset: 20 });
    expect(first.map((o) => o.id)).toEqual(all.slice(0, 20).map((o) => o.id));
    expect(second.map((o) => o.id)).toEqual(all.slice(20, 40).map((o) => o.id));
    const last = await reads.listOrdersJson(customer, { limit: 20, offset: HISTORY - 5 });
    expect(last.map((o) => o.id)).toEqual(all.slice(HISTORY - 5).map((o) => o.id));
    // The group order Opal placed, the newest of all, is the first, carrying the customer's share.
    expect(first[0]?.id).toBe(joinedOrderId);
    expect(first[0]?.group).not.toBeNull();
  });

  it("reads a page through an index, without reading, sorting or counting the history", async () => {
    const { result, selects } = await capture(() => reads.listOrdersJson(customer, { limit: 20, offset: 0 }));
    expect(result).toHaveLength(20);
    expect(selects.some((q) => readsOrders(q.sql))).toBe(true);
    for (const q of selects) {
      expect(q.sql).not.toMatch(/COUNT\s*\(/i);
      const plan = await planOf(q);
      expect(historyReads(q.sql, plan), `${q.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });

  it("answers each order of a page as the order's own read does (lines, options, review, promotion, group share)", async () => {
    const page = await reads.listOrdersJson(customer, { limit: 20, offset: 0 });
    const single = await Promise.all(page.map((order) => prismaRead(customer, order.id)));
    expect(page).toEqual(single);
    // GET /api/orders/{id} reads through the lists' statements: the same answer as Prisma's include.
    expect(await Promise.all(page.map((order) => reads.getReadableOrder(customer, order.id)))).toEqual(single);
    expect(page.some((order) => order.orderItems.some((line) => line.options.length === 2))).toBe(true);
    expect(page.some((order) => order.review !== null)).toBe(true);
    expect(page.some((order) => order.promotion !== null && order.deliveryOption === "pickup")).toBe(true);
  });

  it("reads one order (GET /api/orders/{id}) in plain SQL, none of it through Prisma's client", async () => {
    const own = (await reads.listOrdersJson(customer, { limit: 5, offset: 0 })).find((order) => order.id !== joinedOrderId)!;
    const expected = await prismaRead(customer, own.id);
    prismaStatements.length = 0;
    const read = await capture(() => reads.getReadableOrder(customer, own.id));
    expect(read.result).toEqual(expected);
    // Its delivery too: on the driver (SQLite's connection, PostgreSQL's pool), not through Prisma's client.
    expect(prismaStatements).toEqual([]);
  });

  it("runs as many statements for a page with 1,000 orders behind it as with 3 (both in the same group order)", async () => {
    const many = await capture(() => reads.listOrdersJson(customer, { limit: 3, offset: 0 }));
    const few = await capture(() => reads.listOrdersJson(smallCustomer, { limit: 3, offset: 0 }));
    expect(many.result).toHaveLength(3);
    expect(few.result).toHaveLength(3);
    expect(many.result[0]?.id).toBe(joinedOrderId);
    expect(few.result[0]?.id).toBe(joinedOrderId);
    expect(many.selects.length).toBe(few.selects.length);
  });
});

describe("a restaurant's orders (GET /api/manage/{id}/orders and the board)", () => {
  it("lists the Submitted orders, newest first, through an index", async () => {
    const { result, selects } = await capture(() => incoming.listIncomingOrders(owner, restaurantId, { limit: 20, offset: 0 }));
    expect(result).toHaveLength(20);
    expect(result.every((o) => o.stage === "placed")).toBe(true);
    for (const q of selects) {
      const plan = await planOf(q);
      expect(historyReads(q.sql, plan), `${q.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });

  it("answers each order of the board and of the orders list as the single order's read does", async () => {
    const board = await incoming.getBoard(owner, restaurantId, new Date(), { limit: 20, offset: 0 });
    const list = await incoming.listIncomingOrders(owner, restaurantId, { limit: 20, offset: 5 });
    const rows = [...board.orders, ...board.doneToday, ...list];
    expect(rows.length).toBeGreaterThan(20);
    const single = await Promise.all(rows.map((row) => incoming.getIncomingOrder(owner, restaurantId, row.id)));
    expect(rows.map(toJson.incomingOrderToJson)).toEqual(single.map(toJson.incomingOrderToJson));
    await expect(incoming.getBoard(customer, restaurantId)).rejects.toMatchObject({ code: "not_found" });
    await expect(incoming.listIncomingOrders(customer, restaurantId, { limit: 20, offset: 0 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("reads the board's page through indexes, without reading the delivered history", async () => {
    const { result, selects } = await capture(() => incoming.getBoard(owner, restaurantId, new Date(), { limit: 20, offset: 0 }));
    expect(result.orders).toHaveLength(20);
    expect(result.openCounts.placed).toBe(30);
    for (const q of selects) {
      const plan = await planOf(q);
      expect(historyReads(q.sql, plan), `${q.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });
});
