import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { FOREIGN_KEYS_OFF, migrationsDir, readMigrations } from "./migrate";
import { restaurantRow, setUpTestDatabase, testingOnPostgres } from "./testing/db";

// The migrations are hand-written SQL (Prisma's schema engine cannot run here), so this
// test proves they and prisma/schema.prisma describe the same database. It runs on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL points at one (`npm run test:postgres`); the
// two migration folders are compared with each other on every run.
const provider = testingOnPostgres ? "postgresql" : "sqlite";

type Field = { name: string; type: string; optional: boolean };

function schemaModels(): Map<string, Field[]> {
  const text = readFileSync("prisma/schema.prisma", "utf8");
  const models = new Map<string, Field[]>();
  for (const match of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) models.set(match[1]!, []);
  for (const match of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const fields: Field[] = [];
    for (const line of match[2]!.split("\n")) {
      const m = /^\s+(\w+)\s+(\w+)(\[\])?(\?)?/.exec(line);
      if (!m || line.trim().startsWith("//") || line.trim().startsWith("@@")) continue;
      const [, name, type, list, optional] = m;
      if (list || models.has(type!)) continue; // relation fields have no column
      fields.push({ name: name!, type: type!, optional: Boolean(optional) });
    }
    models.set(match[1]!, fields);
  }
  return models;
}

const test = setUpTestDatabase();

describe("migrations match prisma/schema.prisma", () => {
  const models = schemaModels();

  it("every model has a table with exactly its scalar fields as columns", async () => {
    for (const [model, fields] of models) {
      const columns = await columnsOf(model);
      expect(columns.map((c) => c.name).sort(), model).toEqual(fields.map((f) => f.name).sort());
      for (const field of fields) {
        const column = columns.find((c) => c.name === field.name)!;
        expect(column.nullable, `${model}.${field.name} nullability`).toBe(field.optional);
      }
    }
  });

  it("the migrations apply once and are recorded like prisma migrate deploy", async () => {
    const rows = await test.db.$queryRawUnsafe(`SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name`);
    expect(rows).toEqual(readMigrations(migrationsDir(provider)).map((m) => ({ migration_name: m.name, checksum: m.checksum })));
  });

  it.skipIf(testingOnPostgres)(
    "every foreign key leads an index: deleting a parent row (an account, a pruned guest) looks its children up instead of reading a whole table",
    () => {
      // Unindexed, DeliveryJob.userId made each deleted account read every delivery job ever made (42 ms a user at 200,000 jobs; docs/log/2026-11-28.md).
      const sqlite = new Database(test.url.replace(/^file:/, ""), { readonly: true });
      const tables = (sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]).map((r) => r.name);
      const unindexed: string[] = [];
      for (const table of tables) {
        const leads = new Set(
          (sqlite.prepare(`SELECT name FROM pragma_index_list(?)`).all(table) as { name: string }[]).map(
            (index) => (sqlite.prepare(`SELECT name FROM pragma_index_info(?) WHERE seqno = 0`).get(index.name) as { name: string } | undefined)?.name,
          ),
        );
        const primaryKey = (sqlite.prepare(`SELECT name FROM pragma_table_info(?) WHERE pk = 1`).all(table) as { name: string }[]).map((r) => r.name);
        for (const fk of sqlite.prepare(`SELECT "from", "table" FROM pragma_foreign_key_list(?)`).all(table) as { from: string; table: string }[]) {
          if (!leads.has(fk.from) && !(primaryKey.length === 1 && primaryKey[0] === fk.from)) unindexed.push(`${table}.${fk.from} -> ${fk.table}`);
        }
      }
      sqlite.close();
      expect(unindexed).toEqual([]);
    },
  );

  it("the database has exactly the indexes the migrations create", async () => {
    const rows: { name: string }[] = testingOnPostgres
      ? await test.db.$queryRawUnsafe(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT LIKE '%\\_pkey'`)
      : await test.db.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`);
    expect(rows.map((r) => r.name).sort()).toEqual([...indexesAfter(readMigrations(migrationsDir(provider))).keys()].sort());
  });

  it("every model and field round-trips through the Prisma client", async () => {
    const { db } = test;
    const now = new Date("2026-11-21T12:00:00.000Z");
    const user = await db.user.create({
      data: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        phoneNumber: "4155550134",
        address: "1 Analytical Way",
        city: "London",
        state: "CA",
        zip: "94016",
        profileImage: "/uploads/a.webp",
        restaurantOwner: true,
        guestAccount: false,
        demoAccount: true,
        deliveryInstructions: "Ring twice",
        passwordHash: "hash",
        sessionVersion: 3,
        createdAt: now,
      },
      omit: { passwordHash: false },
    });
    expect(await db.user.findUnique({ where: { id: user.id }, omit: { passwordHash: false } })).toEqual(user);

    const restaurant = await db.restaurant.create({
      data: {
        ownerId: user.id,
        name: "Engine Room",
        description: "Steam-powered noodles",
        address: "2 Gear St",
        city: "San Francisco",
        state: "CA",
        zip: "94103",
        cuisineType: "Fast Food",
        priceLevel: "VERY_EXPENSIVE",
        deliveryFeeCents: 299,
        deliveryTime: 30,
        businessHours: "Mon-Fri 9:00-17:00",
        closingTime: "17:00",
        servicing: false,
        storeImage: "/images/food/x.webp",
        ratingSum: 9,
        numReviews: 2,
      },
    });
    expect(await db.restaurant.findUnique({ where: { id: restaurant.id } })).toEqual(restaurant);

    const item = await db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Noodles", description: "Hot noodles", priceCents: 1250, foodImage: "/i.webp", foodType: "entree", likeCount: 1 },
    });
    expect(await db.menuItem.findUnique({ where: { id: item.id } })).toEqual(item);

    const like = await db.like.create({ data: { userId: user.id, menuItemId: item.id } });
    expect(await db.like.findUnique({ where: { userId_menuItemId: { userId: user.id, menuItemId: item.id } } })).toEqual(like);

    const order = await db.order.create({
      data: {
        userId: user.id,
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        restaurantImage: "/r.webp",
        stage: "placed",
        subtotalCents: 2500,
        deliveryFeeCents: 649,
        priorityFeeCents: 149,
        serviceFeeCents: 250,
        tipCents: 375,
        totalCents: 3923,
        deliveryOption: "schedule",
        scheduledFor: now,
        paymentMethod: "wallet",
        submittedAt: now,
        closedAt: now,
        orderItems: { create: [{ menuItemId: item.id, name: "Noodles", priceCents: 1250, restaurantId: restaurant.id, quantity: 2, customizations: "extra spicy" }] },
      },
      include: { orderItems: true },
    });
    expect(await db.order.findUnique({ where: { id: order.id }, include: { orderItems: true } })).toEqual(order);

    const review = await db.review.create({
      data: { userId: user.id, orderId: order.id, restaurantId: restaurant.id, review: "Great", orderRating: 5, restaurantRating: 4 },
    });
    expect(await db.review.findUnique({ where: { orderId: order.id } })).toEqual(review);

    const entry = await db.walletTransaction.create({
      data: { userId: user.id, kind: "payment", amountCents: -3923, balanceAfterCents: 96_076, orderId: order.id },
    });
    expect(await db.walletTransaction.findUnique({ where: { id: entry.id } })).toEqual(entry);

    const wallet = await db.ledgerAccount.create({ data: { id: `wallet:${user.id}`, kind: "wallet", balanceCents: 99_999, updatedAt: now } });
    expect(await db.ledgerAccount.findUnique({ where: { id: wallet.id } })).toEqual(wallet);

    const key = await db.idempotencyKey.create({
      data: { userId: user.id, key: "k1", scope: "orders.create", requestHash: "h", status: 201, responseBody: "{}" },
    });
    expect(await db.idempotencyKey.findUnique({ where: { userId_scope_key: { userId: user.id, scope: "orders.create", key: "k1" } } })).toEqual(key);

    const throttle = await db.loginThrottle.create({ data: { key: "account:a", failures: 2, windowStart: now, lockedUntil: now } });
    expect(await db.loginThrottle.findUnique({ where: { key: "account:a" } })).toEqual(throttle);
    const revoked = await db.revokedSession.create({ data: { sid: "s1", expiresAt: now } });
    expect(await db.revokedSession.findUnique({ where: { sid: "s1" } })).toEqual(revoked);
  });

  it("the database refuses what the rules forbid", async () => {
    const { db } = test;
    const user = await db.user.create({ data: { firstName: "Bob" } });
    await expect(db.ledgerAccount.create({ data: { id: `wallet:${user.id}`, kind: "wallet", balanceCents: -1 } })).rejects.toThrow();
    await expect(db.ledgerAccount.create({ data: { id: "elsewhere", kind: "elsewhere", balanceCents: 0 } })).rejects.toThrow();
    await expect(db.restaurant.create({ data: restaurantRow(user.id, { cuisineType: "Martian" }) })).rejects.toThrow();
    await expect(db.like.create({ data: { userId: user.id, menuItemId: 999_999 } })).rejects.toThrow();
    await expect(db.order.create({ data: { userId: user.id, restaurantName: "X", stage: "lost" } })).rejects.toThrow();
    const order = await db.order.create({ data: { userId: user.id, restaurantName: "X" } });
    await expect(db.review.create({ data: { userId: user.id, orderId: order.id, restaurantId: 1, review: "x", orderRating: 6, restaurantRating: 5 } })).rejects.toThrow();
  });

  it("deleting a menu item or restaurant keeps past orders, lines and totals", async () => {
    const { db } = test;
    const owner = await db.user.create({ data: { firstName: "Owner" } });
    const customer = await db.user.create({ data: { firstName: "Customer" } });
    const restaurant = await db.restaurant.create({ data: restaurantRow(owner.id, { name: "Gone Soon" }) });
    const item = await db.menuItem.create({
      data: { restaurantId: restaurant.id, name: "Curry", description: "Green curry", priceCents: 1500, foodImage: "/c.webp", foodType: "entree" },
    });
    const order = await db.order.create({
      data: {
        userId: customer.id,
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        stage: "delivered",
        subtotalCents: 1500,
        totalCents: 2299,
        orderItems: { create: [{ menuItemId: item.id, name: "Curry", priceCents: 1500, restaurantId: restaurant.id, quantity: 1 }] },
      },
    });
    await db.menuItem.delete({ where: { id: item.id } });
    await db.restaurant.delete({ where: { id: restaurant.id } });
    const kept = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { orderItems: true } });
    expect(kept).toMatchObject({ restaurantId: null, restaurantName: "Gone Soon", totalCents: 2299 });
    expect(kept.orderItems).toEqual([expect.objectContaining({ menuItemId: null, name: "Curry", priceCents: 1500, quantity: 1, restaurantId: restaurant.id })]);
  });
});

/** Columns of a table with their nullability, from the database's own catalogue. */
async function columnsOf(table: string): Promise<{ name: string; nullable: boolean }[]> {
  if (testingOnPostgres) {
    return test.db.$queryRawUnsafe(
      `SELECT column_name AS name, is_nullable = 'YES' AS nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      table,
    );
  }
  const raw = new Database(test.url.replace(/^file:/, ""), { readonly: true });
  try {
    const rows = raw.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; notnull: number }[];
    return rows.map((c) => ({ name: c.name, nullable: c.notnull === 0 }));
  } finally {
    raw.close();
  }
}

/** Index name -> normalised definition, replaying the CREATE/DROP INDEX statements in order. */
function indexesAfter(migrations: { sql: string }[]): Map<string, string> {
  const indexes = new Map<string, string>();
  for (const { sql } of migrations) {
    for (const m of sql.matchAll(/(CREATE (?:UNIQUE )?INDEX "(\w+)" ON [^;]+|DROP INDEX "(\w+)")/g)) {
      if (m[3]) indexes.delete(m[3]);
      else indexes.set(m[2]!, m[1]!.replace(/\s+/g, " "));
    }
  }
  return indexes;
}

const checks = (sql: string) => [...sql.matchAll(/CHECK \((?:[^()]|\([^()]*\))*\)/g)].map((m) => m[0].replace(/\s+/g, " "));

describe("the PostgreSQL migrations are the twins of the SQLite ones", () => {
  const sqlite = readMigrations(migrationsDir("sqlite"));
  const postgres = readMigrations(migrationsDir("postgresql"));

  it("one PostgreSQL migration per SQLite migration, same names", () => {
    expect(postgres.map((m) => m.name)).toEqual(sqlite.map((m) => m.name));
    expect(readFileSync(`${migrationsDir("postgresql")}/migration_lock.toml`, "utf8")).toMatch(/provider = "postgresql"/);
  });

  it("the same CHECK constraints (money never negative, allowed values, ratings 1-5)", () => {
    for (const [i, migration] of sqlite.entries()) {
      const [twin, own] = [checks(postgres[i]!.sql), checks(migration.sql)];
      if (!migration.sql.startsWith(FOREIGN_KEYS_OFF)) expect(twin, migration.name).toEqual(own);
      else {
        // SQLite's rebuild of a table (migrate.ts FOREIGN_KEYS_OFF) writes every CHECK of the table
        // again; PostgreSQL alters only what changed, the rest being its earlier migrations'.
        const made = new Set(
          checks(
            postgres
              .slice(0, i + 1)
              .map((m) => m.sql)
              .join("\n"),
          ),
        );
        expect(
          own.filter((check) => !made.has(check)),
          migration.name,
        ).toEqual([]);
        expect(
          twin.filter((check) => !own.includes(check)),
          migration.name,
        ).toEqual([]);
      }
    }
    expect(checks(postgres.map((m) => m.sql).join("\n"))).toContain(`CHECK ("kind" = 'external' OR "balanceCents" >= 0)`);
  });

  it("the same indexes on the same columns", () => {
    const btree = (indexes: Map<string, string>) => [...indexes].filter(([, sql]) => !sql.includes("USING GIN"));
    expect(btree(indexesAfter(postgres))).toEqual(btree(indexesAfter(sqlite)));
  });

  it("search: each table with PostgreSQL trigram indexes has its SQLite FTS5 twin (docs/architecture/search.md#search)", () => {
    const gin = new Set([...indexesAfter(postgres).values()].flatMap((sql) => (sql.includes("gin_trgm_ops") ? [/ ON "(\w+)"/.exec(sql)![1]!] : [])));
    const fts = new Set(
      [
        ...sqlite
          .map((m) => m.sql)
          .join("\n")
          .matchAll(/USING fts5\([^;]*?content = '(\w+)'/g),
      ].map((m) => m[1]!),
    );
    expect([...gin].sort()).toEqual(["MenuItem", "Restaurant"]);
    expect([...fts].sort()).toEqual([...gin].sort());
  });
});
