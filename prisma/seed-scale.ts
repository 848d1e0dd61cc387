// Synthetic bulk data for `npm run db:seed -- --scale N`: at N >= 2 the demo data of
// prisma/seed.ts is extended to about 200·N restaurants, 20 menu items each, 20,000·N orders and
// 5,000·N reviews (N = 10: 2,000 / 40,000 / 200,000 / 50,000), plus a customer with 100·N
// orders for the GET /api/orders/ benchmark. N = 1 adds nothing: the demo data exactly.
// Options (`npm run db:seed -- --scale N --customers 50000 ...`, ScaleOptions) change the sizes:
// the dinner-rush city of `npm run bench -- --rush` is 500 restaurants, 50,000
// customers (1,000 of them with a long history) and 1,000 couriers. Bulk restaurants and
// customers have coordinates in San Francisco (dispatch needs both ends of a delivery).
//
// Deterministic: a seeded PRNG (mulberry32) decides everything, so the same N gives the same
// rows (times are "days before now", like the demo data). Written with Prisma's createMany in
// chunks inside one transaction, so it runs on any database Prisma supports (no raw SQL); the
// tests write the same rows directly (insertSqliteRows, insertPostgresRows).
// Invariants kept: every bulk user's wallet holds the signup credit with its one ledger row
// (ledger sum = balance; bulk orders are paid by card), order totals come from priceOrder like
// checkout's, and each restaurant's ratingSum/numReviews equal its reviews.

import Database from "better-sqlite3";
import pg from "pg";
import type { Prisma, PrismaClient } from "../lib/generated/prisma/client";
import { CUISINES, SIGNUP_WALLET_CENTS } from "../lib/shared/constants";
import { priceOrder } from "../lib/shared/money/pricing";
import { restaurants as demoRestaurants } from "./seed-data";
import { demoDishOptions } from "./seed-options";
import { LEDGER_BACKFILL } from "./ledger-backfill";
import { syncIdSequences } from "../lib/server/platform/queries/sequences";

const DAY = 24 * 60 * 60_000;
const CHUNK = 2_000;

/** Email of the bulk customer with 100·N orders (password: the demo password). */
export const BENCH_ORDERS_EMAIL = "bench.orders@example.com";

/**
 * Sizes other than the scale's: `longCustomers` customers (long{i}@scale.example.com) get
 * `longOrders` orders each (100·N by default), taken from `orders`; `couriers` approved couriers
 * (courier{i}@scale.example.com, off shift) are added; `timeZone` places the bulk restaurants.
 */
export type ScaleOptions = {
  restaurants?: number;
  customers?: number;
  orders?: number;
  longCustomers?: number;
  longOrders?: number;
  couriers?: number;
  /** The bulk restaurants' time zone (IANA; their hours are read in it): the rush puts its city where it is dinner time. */
  timeZone?: string;
};

export function scaleCounts(scale: number, options: ScaleOptions = {}) {
  return {
    restaurants: options.restaurants ?? 200 * scale,
    menuItemsPerRestaurant: 20,
    orders: options.orders ?? 20_000 * scale,
    reviews: 5_000 * scale,
    benchUserOrders: 100 * scale,
    customers: options.customers ?? 100 * scale,
    longCustomers: options.longCustomers ?? 0,
    longOrders: options.longOrders ?? 100 * scale,
    couriers: options.couriers ?? 0,
  };
}

/** San Francisco's middle: bulk restaurants and customers are placed within about 3 km of it. */
const CITY = { lat: 37.7749, lng: -122.4194, spread: 0.03 };

/** mulberry32: a small, fast, seedable PRNG (same seed, same sequence). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]) => list[int(list.length)]! };
}

const NAME_A = ["Golden", "Little", "Blue", "Corner", "Harbor", "Sunny", "Old Town", "Green", "Lucky", "Urban", "Copper", "Silver", "Red", "Hidden", "Happy"];
const NAME_B = ["Kitchen", "Table", "Garden", "House", "Bistro", "Grill", "Cantina", "Diner", "Eatery", "Spoon", "Pantry", "Oven", "Bowl", "Plate", "Counter"];
const REVIEW_TEXTS = ["Great food, arrived hot.", "Tasty and on time.", "A bit late but delicious.", "Portions were generous.", "Would order again.", "Solid as always."];

/**
 * Adds the bulk data for `scale` to a database that holds exactly the demo data. `sqliteFile`
 * (the SQLite database's path) takes the fast SQLite-only path; `postgresUrl` the fast
 * PostgreSQL path (insertPostgresRows) for large sizes.
 */
export async function seedScale(
  db: PrismaClient,
  scale: number,
  passwordHash: string,
  sqliteFile?: string,
  options: ScaleOptions & { postgresUrl?: string } = {},
): Promise<void> {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`--scale must be a whole number >= 1, got ${scale}`);
  if (scale === 1) return;
  const rows = await bulkRows(db, scale, passwordHash, options);
  // The wallet rows, as ledger entries (docs/architecture/ledger.md), after the rows.
  if (sqliteFile) return insertSqliteRows(sqliteFile, rows, LEDGER_BACKFILL);
  if (options.postgresUrl) {
    await insertPostgresRows(options.postgresUrl, rows, LEDGER_BACKFILL);
    return void (await syncIdSequences(db));
  }
  // Any other database: Prisma's createMany, in chunks, in one transaction.
  await db.$transaction(
    async (tx) => {
      const insert = async <T>(data: T[], write: (chunk: T[]) => Promise<unknown>) => {
        for (let i = 0; i < data.length; i += CHUNK) await write(data.slice(i, i + CHUNK));
      };
      await insert(rows.User, (data) => tx.user.createMany({ data }));
      await insert(rows.WalletTransaction, (data) => tx.walletTransaction.createMany({ data }));
      await insert(rows.Restaurant, (data) => tx.restaurant.createMany({ data }));
      await insert(rows.MenuItem, (data) => tx.menuItem.createMany({ data }));
      await insert(rows.OptionGroup, (data) => tx.optionGroup.createMany({ data }));
      await insert(rows.MenuOption, (data) => tx.menuOption.createMany({ data }));
      await insert(rows.Order, (data) => tx.order.createMany({ data }));
      await insert(rows.OrderItem, (data) => tx.orderItem.createMany({ data }));
      await insert(rows.Review, (data) => tx.review.createMany({ data }));
      for (const statement of LEDGER_BACKFILL) await tx.$executeRawUnsafe(statement);
    },
    { timeout: 600_000, maxWait: 10_000 },
  );
  await syncIdSequences(db); // the bulk rows carry explicit ids (PostgreSQL sequences lag)
}

/**
 * SQLite only, kept apart on purpose: createMany through the driver adapter took about 7
 * minutes for scale 10 here, so the same rows go in as multi-row INSERTs on a direct
 * better-sqlite3 connection, in one transaction (seconds). Values are stored the way Prisma's
 * SQLite adapter stores them: DateTime as ISO text with "+00:00", Boolean as 0/1. `rows` may
 * be some of bulkRows' tables (parents before children; the search plans' test writes the
 * catalog only); the `after` statements run last, in the same transaction.
 */
export function insertSqliteRows(file: string, rows: Partial<BulkRows>, after: readonly string[] = []): void {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("busy_timeout = 10000");
    const value = (v: unknown) => (v instanceof Date ? v.toISOString().replace("Z", "+00:00") : typeof v === "boolean" ? (v ? 1 : 0) : (v ?? null));
    sqlite.transaction(() => {
      for (const [table, data] of Object.entries(rows) as [string, Record<string, unknown>[]][]) {
        if (!data.length) continue;
        const columns = Object.keys(data[0]!);
        const perStatement = Math.floor(30_000 / columns.length);
        const tuple = `(${columns.map(() => "?").join(",")})`;
        const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES `;
        const full = sqlite.prepare(head + Array(Math.min(perStatement, data.length)).fill(tuple).join(","));
        for (let i = 0; i < data.length; i += perStatement) {
          const chunk = data.slice(i, i + perStatement);
          const stmt = chunk.length === perStatement || i === 0 ? full : sqlite.prepare(head + Array(chunk.length).fill(tuple).join(","));
          stmt.run(chunk.flatMap((row) => columns.map((c) => value(row[c]))));
        }
      }
      for (const statement of after) sqlite.exec(statement);
    })();
  } finally {
    sqlite.close();
  }
}

/**
 * PostgreSQL's counterpart of insertSqliteRows, for the search plans' test: createMany through
 * the driver adapter took about 22 s for the 39,500 dishes of the scale-10 catalog, so the rows
 * go in as multi-row INSERTs (up to 1,000 rows a statement, every value a parameter) on a direct
 * `pg` connection, in one transaction. Values are stored the way Prisma stores them: DateTime as
 * the UTC instant (`timestamp(3)` holds UTC), Boolean as boolean, undefined as NULL. `rows` are
 * parents before children; the `after` statements run last, in the same transaction. The ids
 * are explicit: call syncIdSequences afterwards.
 */
export async function insertPostgresRows(url: string, rows: Partial<BulkRows>, after: readonly string[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const value = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
    await client.query("BEGIN");
    for (const [table, data] of Object.entries(rows) as [string, Record<string, unknown>[]][]) {
      if (!data.length) continue;
      const columns = Object.keys(data[0]!);
      // At most 65,535 parameters in one statement.
      const perStatement = Math.min(1_000, Math.floor(65_535 / columns.length));
      const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES `;
      for (let i = 0; i < data.length; i += perStatement) {
        const chunk = data.slice(i, i + perStatement);
        const tuples = chunk.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(",")})`);
        await client.query(
          head + tuples.join(","),
          chunk.flatMap((row) => columns.map((c) => value(row[c]))),
        );
      }
    }
    for (const statement of after) await client.query(statement);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

type BulkRows = Awaited<ReturnType<typeof bulkRows>>;

/** Every bulk row, generated in memory (ids continue after the demo data's). Exported for tests. */
export async function bulkRows(db: PrismaClient, scale: number, passwordHash: string, options: ScaleOptions = {}) {
  const counts = scaleCounts(scale, options);
  const random = prng(0x5eed + scale);
  // Places from a PRNG of their own: the other rows stay what they were before places were added.
  const place = prng(0x91ace + scale);
  const near = () => ({ lat: CITY.lat + (place.next() * 2 - 1) * CITY.spread, lng: CITY.lng + (place.next() * 2 - 1) * CITY.spread });
  const nowMs = Date.now();
  const at = (daysAgo: number) => new Date(nowMs - Math.round(daysAgo * DAY));
  // Each dish with its restaurant's cuisine, which decides its choices (seed-options.ts).
  const demoMenus = demoRestaurants.flatMap((r) => r.menu.map((dish) => ({ ...dish, options: demoDishOptions(r.cuisineType, dish) })));

  const [maxUser, maxRestaurant, maxItem, maxOrder, maxOrderItem, maxReview, maxLedger, existing, maxGroup, maxOption] = await Promise.all([
    db.user.aggregate({ _max: { id: true } }),
    db.restaurant.aggregate({ _max: { id: true } }),
    db.menuItem.aggregate({ _max: { id: true } }),
    db.order.aggregate({ _max: { id: true } }),
    db.orderItem.aggregate({ _max: { id: true } }),
    db.review.aggregate({ _max: { id: true } }),
    db.walletTransaction.aggregate({ _max: { id: true } }),
    db.restaurant.count(),
    db.optionGroup.aggregate({ _max: { id: true } }),
    db.menuOption.aggregate({ _max: { id: true } }),
  ]);
  let groupId = maxGroup._max.id ?? 0;
  let optionId = maxOption._max.id ?? 0;
  let userId = maxUser._max.id ?? 0;
  let restaurantId = maxRestaurant._max.id ?? 0;
  let menuItemId = maxItem._max.id ?? 0;
  let orderId = maxOrder._max.id ?? 0;
  let orderItemId = maxOrderItem._max.id ?? 0;
  let reviewId = maxReview._max.id ?? 0;
  let ledgerId = maxLedger._max.id ?? 0;

  // Users: one owner per 10 restaurants, 100·N customers, and the bench customer (first).
  const newRestaurants = counts.restaurants - existing;
  const ownerCount = Math.ceil(newRestaurants / 10);
  const users: Prisma.UserCreateManyInput[] = [];
  const ledger: Prisma.WalletTransactionCreateManyInput[] = [];
  const addUser = (firstName: string, email: string, restaurantOwner: boolean, courier = false) => {
    const id = ++userId;
    const createdAt = at(400 + random.int(200));
    users.push({
      ...near(),
      // Every row the same columns (insertSqliteRows takes the first row's).
      courier,
      courierStatus: courier ? "approved" : null,
      id,
      firstName,
      lastName: "Sample",
      email,
      phoneNumber: `9${String(id).padStart(9, "0")}`,
      address: `${100 + (id % 900)} Market Street`,
      city: "San Francisco",
      state: "CA",
      zip: "94103",
      restaurantOwner,
      passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    ledger.push({ id: ++ledgerId, userId: id, kind: "signup", amountCents: SIGNUP_WALLET_CENTS, balanceAfterCents: SIGNUP_WALLET_CENTS, orderId: null, createdAt });
    return id;
  };
  const benchUser = addUser("Bench", BENCH_ORDERS_EMAIL, false);
  const owners = Array.from({ length: ownerCount }, (_, i) => addUser(`Owner${i + 1}`, `owner${i + 1}@scale.example.com`, true));
  const longCustomers = Array.from({ length: counts.longCustomers }, (_, i) => addUser(`Long${i + 1}`, `long${i + 1}@scale.example.com`, false));
  const customers = Array.from({ length: counts.customers - counts.longCustomers }, (_, i) => addUser(`Customer${i + 1}`, `customer${i + 1}@scale.example.com`, false));
  for (let i = 0; i < counts.couriers; i++) addUser(`Courier${i + 1}`, `courier${i + 1}@scale.example.com`, false, true);
  const longOrders = counts.longCustomers * counts.longOrders;

  // Restaurants and their menus (photos and dishes reuse the demo's local images).
  type Bulk = {
    id: number;
    name: string;
    image: string;
    items: { id: number; name: string; priceCents: number }[];
    ratingSum: number;
    numReviews: number;
    createdAt: Date;
  };
  const bulk: Bulk[] = [];
  const restaurantRows = [];
  const menuRows = [];
  const groupRows: Prisma.OptionGroupCreateManyInput[] = [];
  const optionRows: Prisma.MenuOptionCreateManyInput[] = [];
  for (let i = 0; i < newRestaurants; i++) {
    const template = random.pick(demoRestaurants);
    const id = ++restaurantId;
    const createdAt = at(30 + random.int(360));
    const name = `${random.pick(NAME_A)} ${random.pick(NAME_B)} ${i + 1}`;
    const r: Bulk = { id, name, image: template.storeImage, items: [], ratingSum: 0, numReviews: 0, createdAt };
    for (let j = 0; j < counts.menuItemsPerRestaurant; j++) {
      const dish = random.pick(demoMenus);
      const item = { id: ++menuItemId, name: dish.name, priceCents: 500 + random.int(2500) };
      r.items.push(item);
      menuRows.push({
        ...item,
        restaurantId: id,
        description: dish.description,
        foodImage: dish.foodImage,
        foodType: dish.foodType,
        allowsInstructions: dish.options.allowsInstructions,
        createdAt,
        updatedAt: createdAt,
      });
      dish.options.optionGroups.forEach(({ options, ...group }, position) => {
        groupRows.push({ id: ++groupId, menuItemId: item.id, ...group, position });
        options.forEach((option, index) => optionRows.push({ id: ++optionId, groupId, ...option, position: index }));
      });
    }
    bulk.push(r);
    restaurantRows.push({
      id,
      ...near(),
      ownerId: owners[i % owners.length]!,
      name,
      description: template.description,
      address: `${1 + random.int(9000)} Mission Street`,
      city: "San Francisco",
      state: "CA",
      zip: "94110",
      cuisineType: random.next() < 0.8 ? template.cuisineType : random.pick(CUISINES),
      priceLevel: template.priceLevel,
      deliveryFeeCents: template.deliveryFeeCents,
      deliveryTime: template.deliveryTime,
      businessHours: template.businessHours,
      closingTime: template.closingTime,
      servicing: random.next() < 0.95,
      timeZone: options.timeZone ?? "America/Los_Angeles",
      storeImage: template.storeImage,
      createdAt,
      updatedAt: createdAt,
    });
  }

  // Orders: the bench customer's first, then random customers; reviews on a quarter of them.
  const orderRows = [];
  const itemRows = [];
  const reviewRows = [];
  const ordersToAdd = counts.orders - (maxOrder._max.id ?? 0);
  const reviewEvery = Math.max(1, Math.floor(ordersToAdd / counts.reviews));
  for (let n = 0; n < ordersToAdd; n++) {
    const r = random.pick(bulk);
    const m = n - counts.benchUserOrders;
    const customer = m < 0 ? benchUser : m < longOrders ? longCustomers[m % counts.longCustomers]! : random.pick(customers);
    const lines = new Map<number, number>();
    for (let k = 1 + random.int(3); k > 0; k--) {
      const item = random.pick(r.items);
      lines.set(item.id, (lines.get(item.id) ?? 0) + 1 + random.int(2));
    }
    let subtotalCents = 0;
    const id = ++orderId;
    for (const [itemId, quantity] of lines) {
      const item = r.items.find((x) => x.id === itemId)!;
      subtotalCents += item.priceCents * quantity;
      itemRows.push({ id: ++orderItemId, orderId: id, menuItemId: itemId, name: item.name, priceCents: item.priceCents, restaurantId: r.id, quantity });
    }
    const deliveryOption = random.next() < 0.2 ? "priority" : "standard";
    const canceled = random.next() < 0.05;
    const createdAt = new Date(Math.max(r.createdAt.getTime(), nowMs - (1 + random.int(365 * 24)) * 3_600_000));
    const closedAt = new Date(createdAt.getTime() + 45 * 60_000);
    orderRows.push({
      id,
      userId: customer,
      restaurantId: r.id,
      restaurantName: r.name,
      restaurantImage: r.image,
      stage: canceled ? "canceled" : "delivered",
      ...priceOrder(subtotalCents, deliveryOption, { percent: random.pick([15, 20, 25, 30]) }),
      deliveryOption,
      paymentMethod: "card",
      createdAt,
      updatedAt: closedAt,
      submittedAt: createdAt,
      closedAt,
    });
    if (!canceled && n % reviewEvery === 0 && reviewRows.length < counts.reviews - (maxReview._max.id ?? 0)) {
      const restaurantRating = 1 + random.int(5);
      r.ratingSum += restaurantRating;
      r.numReviews += 1;
      const reviewedAt = new Date(closedAt.getTime() + 60 * 60_000);
      reviewRows.push({
        id: ++reviewId,
        userId: customer,
        orderId: id,
        restaurantId: r.id,
        review: random.pick(REVIEW_TEXTS),
        orderRating: 1 + random.int(5),
        restaurantRating,
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
    }
  }

  const ratings = new Map(bulk.map((r) => [r.id, r]));
  for (const row of restaurantRows) Object.assign(row, { ratingSum: ratings.get(row.id)!.ratingSum, numReviews: ratings.get(row.id)!.numReviews });
  // Parents before children (foreign keys).
  return {
    User: users,
    WalletTransaction: ledger,
    Restaurant: restaurantRows,
    MenuItem: menuRows,
    OptionGroup: groupRows,
    MenuOption: optionRows,
    Order: orderRows,
    OrderItem: itemRows,
    Review: reviewRows,
  };
}
