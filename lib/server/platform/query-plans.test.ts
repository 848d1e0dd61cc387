import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "@/prisma/seed";
import { setUpTestDatabase } from "./testing/db";
import type { RestaurantQuery } from "@/lib/contract/restaurants/browse-rules";
import type { SessionUser } from "./session-user";

// Every list the app serves must stay fast at 10x data: each query it runs is answered from an
// index (EXPLAIN QUERY PLAN shows no full scan of a large table) and each list is paginated
// (a page of 2 returns at most 2 rows, and the SQL carries a LIMIT).
//
// The SQL is the SQL Prisma actually runs: better-sqlite3's `prepare` is wrapped (the way
// sqlite-transactions.ts already wraps it on the adapter's connection) to record each statement and the
// arguments bound to it, and each recorded SELECT is explained with the same arguments on a
// second, read-only connection to the same file.
//
// Plan rules (SQLite's EXPLAIN QUERY PLAN `detail` column):
//   SEARCH <t> USING [COVERING] INDEX / INTEGER PRIMARY KEY  -> fine, a bounded lookup.
//   SCAN <t> (no index)                                       -> fails: reads the whole table.
//   SCAN <t> USING [COVERING] INDEX <i>                        -> also fails: it walks the whole
//     index. Such a walk is bounded only when it stops after LIMIT rows with no filter left to
//     skip rows, which the planner cannot prove; every list here has an equality filter, so a
//     composite index turns it into a SEARCH and there is no reason to accept the walk.
// Small tables (IdempotencyKey, LoginThrottle) are not checked; every model a list touches is.

const LARGE_TABLES = [
  "Restaurant",
  "MenuItem",
  "OptionGroup",
  "MenuOption",
  "Order",
  "OrderItem",
  "OrderItemOption",
  "Review",
  "WalletTransaction",
  "Like",
  "User",
  "GroupOrder",
  "GroupParticipant",
  "GroupLine",
];

const test = setUpTestDatabase();

type Captured = { sql: string; args: unknown[] };
let recording: Captured[] | null = null;

// Record every statement run while `recording` is set, with the arguments passed to it. The app's
// connection keeps its prepared statements (prepared-statements.ts) and passes the arguments to each run
// (`run(args)`, `all(args)`), so a statement prepared before the recording started is recorded
// when it runs; a plain `bind(args)` is recorded too.
const originalPrepare = Database.prototype.prepare;
Database.prototype.prepare = function prepare(this: Database.Database, sql: string) {
  const stmt = originalPrepare.call(this, sql) as Database.Statement;
  const record = (params: unknown[]) => {
    if (params.length) recording?.push({ sql, args: params.length === 1 && Array.isArray(params[0]) ? params[0] : params });
  };
  for (const method of ["bind", "run", "all", "get"] as const) {
    const original = (stmt[method] as (...params: unknown[]) => unknown).bind(stmt);
    (stmt as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
      record(params);
      return original(...params);
    };
  }
  return stmt;
} as typeof Database.prototype.prepare;

/** Runs `fn` and returns its result with the SELECTs it ran. */
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; selects: Captured[] }> {
  // A cached catalog read runs no query at all: move the catalog's version so each list is read
  // from the database here, as the first request after a write would.
  await test.db.$executeRaw`UPDATE "CatalogVersion" SET "version" = "version" + 1 WHERE "id" = 1`;
  const log: Captured[] = [];
  recording = log;
  try {
    const result = await fn();
    return { result, selects: log.filter((q) => /^\s*SELECT\b/i.test(q.sql)) };
  } finally {
    recording = null;
  }
}

type PlanRow = { id: number; parent: number; notused: number; detail: string };
let explainer: Database.Database;
const planOf = (q: Captured): string[] => (explainer.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.args) as PlanRow[]).map((row) => row.detail);

/** `main`.`X` AS `t0` -> t0: X, so a plan line naming an alias is checked against its table. */
function tablesByAlias(sql: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of sql.matchAll(/`main`\.`(\w+)`(?:\s+AS\s+`(\w+)`)?/gi)) {
    names.set(`main.${m[1]!}`, m[1]!);
    names.set(m[1]!, m[1]!);
    if (m[2]) names.set(m[2], m[1]!);
  }
  // Hand-written SQL (the few $queryRaw lists): "X" AS y.
  for (const m of sql.matchAll(/"(\w+)"\s+AS\s+(\w+)/gi)) {
    names.set(m[1]!, m[1]!);
    names.set(m[2]!, m[1]!);
  }
  return names;
}

/** Plan lines that read a whole large table or walk a whole index of one (an unknown name counts). */
function fullScans(sql: string, plan: string[], acceptedWalk?: string): string[] {
  const names = tablesByAlias(sql);
  return plan.filter((line) => {
    const m = /^SCAN (\S+)/.exec(line);
    if (!m || line === acceptedWalk) return false;
    const table = names.get(m[1]!);
    return table === undefined || LARGE_TABLES.includes(table);
  });
}

/** The row limit bound to a SELECT ending in `LIMIT ? OFFSET ?` (Prisma binds -1 for "no limit"). */
function boundLimit(q: Captured): number | null {
  if (!/\bLIMIT \? OFFSET \?\s*$/i.test(q.sql)) return null;
  const limit = Number(q.args[q.args.length - 2]);
  return limit >= 0 ? limit : null;
}

let restaurants: typeof import("../restaurants/restaurants");
let menuItems: typeof import("../menu/menu-items");
let orders: typeof import("../orders/read");
let reviews: typeof import("../reviews/reviews");
let wallet: typeof import("../wallet/wallet");
let incoming: typeof import("../orders/incoming");
let ownerMenu: typeof import("../menu/owner-menu");
let insights: typeof import("../insights/read");
let insightsExport: typeof import("../insights/export");

// Seeded ids worth listing: the user with the most orders, an owner and one of their restaurants.
let customer: SessionUser;
let owner: SessionUser;
let ownedRestaurantId: number;
let busiestRestaurantId: number;
let cuisine: RestaurantQuery["cuisine"];

beforeAll(async () => {
  await seedDatabase(test.db, { passwordHash: "not-a-real-hash" });
  explainer = new Database(test.url.replace(/^file:/, ""), { readonly: true });
  restaurants = await import("../restaurants/restaurants");
  menuItems = await import("../menu/menu-items");
  orders = await import("../orders/read");
  reviews = await import("../reviews/reviews");
  wallet = await import("../wallet/wallet");
  incoming = await import("../orders/incoming");
  ownerMenu = await import("../menu/owner-menu");
  insights = await import("../insights/read");
  insightsExport = await import("../insights/export");

  const [topCustomer] = await test.db.order.groupBy({ by: ["userId"], _count: { id: true }, orderBy: { _count: { id: "desc" } }, take: 1 });
  customer = await test.db.user.findUniqueOrThrow({ where: { id: topCustomer!.userId } });
  const [topRestaurant] = await test.db.order.groupBy({
    by: ["restaurantId"],
    where: { restaurantId: { not: null } },
    _count: { id: true },
    orderBy: { _count: { id: "desc" } },
    take: 1,
  });
  busiestRestaurantId = topRestaurant!.restaurantId!;
  const restaurant = await test.db.restaurant.findUniqueOrThrow({ where: { id: busiestRestaurantId } });
  ownedRestaurantId = restaurant.id;
  cuisine = restaurant.cuisineType as RestaurantQuery["cuisine"];
  owner = await test.db.user.findUniqueOrThrow({ where: { id: restaurant.ownerId } });
  // Seeding and importing the data layer take seconds on a busy 2-core machine.
}, 120_000);

afterAll(() => {
  Database.prototype.prepare = originalPrepare;
  explainer?.close();
});

const page = { limit: 2, offset: 0 };

type Paging = { limit: number; offset: number };
type ListCase = {
  name: string;
  list: (paging: Paging) => Promise<readonly unknown[]>;
  /** The one index walk a list may make, where it stops after a page (see the case). */
  acceptedWalk?: string;
};

// Every paginated list of the data layer, called as its endpoint calls it, with the page passed in.
const pagedLists: ListCase[] = [
  { name: "listRestaurants", list: async (p) => (await restaurants.listRestaurants({ ...p, q: undefined })).restaurants },
  { name: "listRestaurants by cuisine", list: async (p) => (await restaurants.listRestaurants({ ...p, cuisine, q: undefined })).restaurants },
  // Accepted: LIKE '%q%' cannot use a b-tree index. The plan must still reach Restaurant through
  // (servicing, name) and each restaurant's menu through (restaurantId, ...), never a table scan.
  { name: "listRestaurants searching q", list: async (p) => (await restaurants.listRestaurants({ ...p, q: "a" })).restaurants },
  { name: "listMenuItems of a restaurant", list: (p) => menuItems.listMenuItems({ ...p, restaurantId: busiestRestaurantId, q: undefined }) },
  // Accepted: all items of active restaurants, by name, walk the name index and stop after a
  // page; the only rows skipped are those of inactive restaurants (a few percent). Answered
  // with an equality SEARCH instead, SQLite read and sorted every active item (0.5 s at scale 10).
  {
    name: "listMenuItems of all restaurants",
    list: (p) => menuItems.listMenuItems({ ...p, q: undefined }),
    acceptedWalk: "SCAN m USING INDEX MenuItem_name_idx",
  },
  { name: "listMenuItems searching q", list: (p) => menuItems.listMenuItems({ ...p, restaurantId: busiestRestaurantId, q: "a" }) },
  { name: "listFavorites", list: (p) => menuItems.listFavorites(customer.id, p) },
  { name: "listOwnOrders", list: (p) => orders.listOwnOrders(customer, p) },
  { name: "walletStatement", list: (p) => wallet.walletStatement(customer, customer.id, p) },
  { name: "listRestaurantReviews", list: (p) => reviews.listRestaurantReviews(busiestRestaurantId, p) },
  { name: "listUserReviews", list: (p) => reviews.listUserReviews(customer, p) },
  { name: "listIncomingOrders", list: (p) => incoming.listIncomingOrders(owner, ownedRestaurantId, p) },
  { name: "listOwnerMenu", list: async (p) => (await ownerMenu.listOwnerMenu(owner, ownedRestaurantId, p)).items },
  { name: "listOwnedRestaurants", list: async (p) => (await restaurants.listOwnedRestaurants(owner.id, p)).restaurants },
];

// Lists that take no page still have to be served by an index: the cuisines (at most the 20
// of lib/shared/constants.ts, a GROUP BY over an index).
const unpagedLists: ListCase[] = [
  { name: "activeCuisines", list: () => restaurants.activeCuisines() },
  // The owner's insights for a year: every aggregate reaches Order through (restaurantId,
  // submittedAt) (or Review through (restaurantId, createdAt)); the one walk is over the
  // per-customer subquery's own result (new vs returning), not a table.
  { name: "getInsights (a year)", list: async () => [await insights.getInsights(owner, ownedRestaurantId, yearRange())], acceptedWalk: "SCAN f" },
  {
    name: "the orders CSV (two pages by the keyset cursor)",
    list: async () => {
      const restaurant = await test.db.restaurant.findUniqueOrThrow({ where: { id: ownedRestaurantId } });
      const chunks: string[] = [];
      for await (const chunk of insightsExport.orderLines(restaurant.id, restaurant.timeZone, yearRange(), 2)) if (chunks.push(chunk) > 2) break;
      return chunks;
    },
  },
];

/** The year up to tomorrow (UTC dates; the seeded orders are all within it). */
const yearRange = () => ({ from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });

describe("dish options are read with the dishes", () => {
  // A page of dishes with their option groups and options (and a page of orders with their
  // lines' choices) is a fixed number of statements, whatever the page's size: never one per dish.
  it.each([
    ["a restaurant's menu", (limit: number) => menuItems.listMenuItems({ limit, offset: 0, restaurantId: busiestRestaurantId, q: undefined })],
    ["all menu items", (limit: number) => menuItems.listMenuItems({ limit, offset: 0, q: undefined })],
    ["the owner's menu", async (limit: number) => (await ownerMenu.listOwnerMenu(owner, ownedRestaurantId, { limit, offset: 0 })).items],
    ["a customer's orders", (limit: number) => orders.listOwnOrders(customer, { limit, offset: 0 })],
  ] as [string, (limit: number) => Promise<readonly unknown[]>][])("%s", async (_name, list) => {
    const small = await capture(() => list(1));
    const large = await capture(() => list(20));
    // The dishes, their restaurant, likes, groups and options (or an order's relations): all recorded.
    expect(large.selects.length).toBeGreaterThanOrEqual(5);
    expect(large.selects.length).toBe(small.selects.length);
  });

  it("the demo menu being read has dishes with options", async () => {
    const withOptions = await test.db.menuItem.count({ where: { restaurantId: busiestRestaurantId, optionGroups: { some: {} } } });
    expect(withOptions).toBeGreaterThan(0);
  });
});

describe("every list query is served by an index", () => {
  it("the check itself catches a full table scan", () => {
    const sql = "SELECT `t0`.`id` FROM `main`.`MenuItem` AS `t0` WHERE `t0`.`description` LIKE ?";
    expect(fullScans(sql, planOf({ sql, args: ["%x%"] }))).toHaveLength(1);
  });

  it.each([...pagedLists, ...unpagedLists])("$name", async ({ list, acceptedWalk }) => {
    const { selects } = await capture(() => list({ limit: 20, offset: 0 }));
    expect(selects.length).toBeGreaterThan(0);
    for (const q of selects) {
      const plan = planOf(q);
      expect(fullScans(q.sql, plan, acceptedWalk), `${q.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });
});

describe("a group order's page polls cheaply", () => {
  // The page polls every second with ?since=<version>: unchanged, that is one statement (the
  // group by its token's unique index, with the caller's participant row by its unique key),
  // and the whole group's read is served by indexes too.
  it("an unchanged poll is one indexed read; the full read uses indexes", async () => {
    const groups = { ...(await import("../group-orders/create")), ...(await import("../group-orders/add-line")), ...(await import("../group-orders/read")) };
    const dish = await test.db.menuItem.findFirstOrThrow({ where: { restaurantId: busiestRestaurantId, optionGroups: { none: {} } } });
    const group = await groups.createGroup(customer, busiestRestaurantId);
    const added = await groups.addGroupLine(customer, group.token, { menuItemId: dish.id, quantity: 1 });
    const poll = await capture(() => groups.readGroup(customer, group.token, added.version));
    expect(poll.result).toBeNull();
    expect(poll.selects.map((q) => q.sql)).toHaveLength(1);
    const full = await capture(() => groups.readGroup(customer, group.token, undefined));
    expect(full.result?.lines).toHaveLength(1);
    for (const q of [...poll.selects, ...full.selects]) {
      const plan = planOf(q);
      expect(fullScans(q.sql, plan), `${q.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });
});

describe("every list endpoint is paginated", () => {
  it.each(pagedLists)("$name", async ({ list }) => {
    const { result, selects } = await capture(() => list(page));
    expect(result.length).toBeLessThanOrEqual(page.limit);
    // The list's own query is limited in SQL (limit + 1 where it probes for a next page).
    const limits = selects.map(boundLimit).filter((limit): limit is number => limit !== null && limit > 1);
    expect(
      limits.some((limit) => limit <= page.limit + 1),
      selects.map((q) => q.sql).join("\n"),
    ).toBe(true);
  });
});
