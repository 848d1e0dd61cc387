import path from "node:path";
import { randomInt } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";

// Couriers for the API and cluster specs (docs/architecture/couriers.md). Nobody becomes a courier
// through the API, so a signed-up user is made one in the servers' database, as an operator
// would: the shared servers' SQLite file (data/e2e, see playwright.config.ts), or the PostgreSQL
// database in DATABASE_URL (`npm run test:postgres` and `npm run test:cluster` give it to the
// tests as to the servers). The same database gives places their coordinates, each test far
// from the others' (and from the demo data), so dispatch offers a test's jobs to that test's
// couriers only.

const E2E_DB = path.resolve("data/e2e/nosh.db");
const POSTGRES_URL = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL : undefined;

/** The SQLite file these helpers write: the shared servers' (data/e2e), or a server of a test's own (its `dbFile`). */
export type DbFile = string;

/** Prisma's SQLite date text (lib/server/platform/sql.ts). */
export const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

type Row = Record<string, unknown>;
/** One statement with `?` placeholders, in the helper's transaction; booleans are written as SQL literals (`true`), which both dialects read. */
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

let pool: pg.Pool | undefined;

/** `work` in one transaction on the servers' database (e2e/support/operator.ts plants a reconciliation difference with it too). */
export async function write<T>(work: (query: Query) => Promise<T>, dbFile?: DbFile): Promise<T> {
  if (POSTGRES_URL && !dbFile) {
    pool ??= new pg.Pool({ connectionString: POSTGRES_URL, max: 2, allowExitOnIdle: true });
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(async (text, params = []) => {
        let n = 0;
        // TIMESTAMP(3) holds UTC (as Prisma writes it): the ISO text, whose zone PostgreSQL ignores there.
        const values = params.map((value) => (value instanceof Date ? value.toISOString() : value));
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            values,
          )
        ).rows as Row[];
      });
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  const db = new Database(dbFile ?? E2E_DB, { fileMustExist: true, timeout: 10_000 });
  try {
    // better-sqlite3 runs each statement at once; the connection is this call's own, so the
    // transaction spans `work`'s awaits.
    db.exec("BEGIN IMMEDIATE");
    const result = await work(async (text, params = []) => {
      const statement = db.prepare(text);
      const values = params.map((value) => (value instanceof Date ? sqliteDate(value) : value));
      if (statement.reader) return statement.all(...values) as Row[];
      statement.run(...values);
      return [];
    });
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
}

/** A courier document of the user's in `status`, planted as an upload and a review leave it (no photo stored): the operators' queue's rows. */
export async function plantCourierDocument(userId: number, status: "pending" | "approved" | "resubmit" | "rejected", dbFile?: DbFile): Promise<void> {
  const now = new Date();
  await write(
    (query) =>
      query(
        `INSERT INTO "CourierDocument" ("userId", "kind", "file", "expiresOn", "expiresAt", "status", "reason", "createdAt") VALUES (?, 'licence', ?, '2031-01-31', ?, ?, ?, ?)`,
        [userId, `licence_${userId}_0000000000000000.webp`, new Date("2031-02-01T08:00:00Z"), status, status === "approved" ? null : "Planted", now],
      ),
    dbFile,
  );
}

/** Makes the user a courier (User.courier), off shift. */
export async function makeCourier(userId: number, dbFile?: DbFile): Promise<void> {
  await write((query) => query(`UPDATE "User" SET "courier" = true WHERE "id" = ?`, [userId]), dbFile);
}

/** Moves an order's delivery (closedAt) `hours` into the past: a problem report's 48 hours (docs/architecture/problem-reports.md). */
export async function ageDelivery(orderId: number, hours: number, dbFile?: DbFile): Promise<void> {
  await write((query) => query(`UPDATE "Order" SET "closedAt" = ? WHERE "id" = ?`, [new Date(Date.now() - hours * 3600 * 1000), orderId]), dbFile);
}

/** A thumbs down on `courierId` for the order, as PUT /api/orders/{id}/courier-rating writes it: the pagination world's rating lists. */
export async function plantThumbsDown(orderId: number, courierId: number): Promise<void> {
  const now = new Date();
  await write((query) =>
    query(
      `INSERT INTO "CourierRating" ("orderId", "courierId", "customerId", "up", "reason", "deliveredAt", "createdAt", "updatedAt") SELECT "id", ?, "userId", false, 'late', ?, ?, ? FROM "Order" WHERE "id" = ?`,
      [courierId, now, now, now, orderId],
    ),
  );
}

/** Makes the account an operator (what `npm run operator -- grant` does; e2e/support/operator.ts). */
export async function makeOperator(userId: number, dbFile?: DbFile): Promise<void> {
  await write((query) => query(`UPDATE "User" SET "operator" = true WHERE "id" = ?`, [userId]), dbFile);
}

/** The courier holds no job any more (a matrix row's callers each assign them one of their own). */
export async function freeCourier(userId: number, dbFile?: DbFile): Promise<void> {
  await write((query) => query(`UPDATE "CourierState" SET "activeJobs" = 0 WHERE "userId" = ?`, [userId]), dbFile);
}

/** Puts the user on the restaurant's team as `role` (the authorization matrix's manager and staff; the invitation itself: e2e/restaurants/team.api.spec.ts). */
export async function makeTeamMember(restaurantId: number, userId: number, role: "manager" | "staff", dbFile?: DbFile): Promise<void> {
  await write((query) => query(`INSERT INTO "RestaurantMember" ("restaurantId", "userId", "role") VALUES (?, ?, ?)`, [restaurantId, userId, role]), dbFile);
}

export type Point = { lat: number; lng: number };

/** A spot of its own for one test, in Alaska and the Yukon: 1,200 spots, each more than 40 km from the next (dispatch looks 20 km around); plantJob's jobs sit at 50° N, south of them all. */
export const ownSpot = (): Point => ({ lat: 55 + randomInt(0, 40) * 0.5, lng: -165 + randomInt(0, 30) });

/** About `km` north of `at`. */
export const northOf = (at: Point, km: number): Point => ({ lat: at.lat + km / 111.32, lng: at.lng });

export async function placeRestaurant(restaurantId: number, at: Point, dbFile?: DbFile): Promise<void> {
  await write((query) => query(`UPDATE "Restaurant" SET "lat" = ?, "lng" = ? WHERE "id" = ?`, [at.lat, at.lng, restaurantId]), dbFile);
}

/** The customer's saved address and its point (the drop-off of their next delivery). */
export async function placeCustomer(userId: number, at: Point, dbFile?: DbFile): Promise<void> {
  await write(
    (query) =>
      query(`UPDATE "User" SET "address" = '12 Birch Lane', "city" = 'Fairbanks', "state" = 'AK', "zip" = '99701', "lat" = ?, "lng" = ? WHERE "id" = ?`, [
        at.lat,
        at.lng,
        userId,
      ]),
    dbFile,
  );
}

/** The offers of the order's delivery job, oldest first (DeliveryOffer rows): for "offered exactly once". */
export async function offersOf(orderId: number): Promise<{ courierId: number; answer: string | null }[]> {
  const rows = await write((query) =>
    query(`SELECT o."courierId", o."answer" FROM "DeliveryOffer" AS o JOIN "DeliveryJob" AS j ON j."id" = o."jobId" WHERE j."orderId" = ? ORDER BY o."id"`, [orderId]),
  );
  return rows.map((row) => ({ courierId: Number(row.courierId), answer: (row.answer as string | null) ?? null }));
}

/**
 * A delivery job planted for the order in `state` (offered to or held by `courierId`), the order
 * moved to the stage that state goes with, and the courier on shift holding it: for the
 * authorization matrix, which needs each move's starting state without a whole delivery. The
 * courier stands at the state's next stop (the drop-off once picked up, else the restaurant), with
 * a position of now, so the step at that stop is taken (docs/architecture/stops-and-messages.md "Steps at a stop"). Returns the job's id.
 */
export async function plantJob(orderId: number, courierId: number, state: "offered" | "assigned" | "at_pickup" | "picked_up"): Promise<number> {
  return write(async (query) => {
    const [order] = await query(`SELECT "userId", "restaurantId" FROM "Order" WHERE "id" = ?`, [orderId]);
    const now = new Date();
    const stage = state === "picked_up" ? "out_for_delivery" : "accepted";
    await query(`UPDATE "Order" SET "stage" = ? WHERE "id" = ?`, [stage, orderId]);
    const held = state === "offered" ? 0 : 1;
    const lat = state === "picked_up" ? 50.01 : 50.0;
    await query(
      `INSERT INTO "CourierState" ("userId", "onShift", "lat", "lng", "positionAt", "activeJobs", "updatedAt") VALUES (?, true, ?, -147.7, ?, ?, ?)
       ON CONFLICT ("userId") DO UPDATE SET "onShift" = true, "lat" = excluded."lat", "lng" = excluded."lng", "positionAt" = excluded."positionAt",
         "activeJobs" = "CourierState"."activeJobs" + excluded."activeJobs"`,
      [courierId, lat, now, held, now],
    );
    const offerExpiresAt = state === "offered" ? new Date(now.getTime() + 10 * 60_000) : null;
    const [job] = await query(
      `INSERT INTO "DeliveryJob" ("orderId", "restaurantId", "userId", "state", "courierId", "offerExpiresAt", "payCents", "pickupLat", "pickupLng", "dropoffLat", "dropoffLng", "dropoffAddress", "itemsCount", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, 500, 50.0, -147.7, 50.01, -147.7, '12 Birch Lane, Fairbanks, AK 99701', 1, ?) RETURNING "id"`,
      [orderId, order!.restaurantId, order!.userId, state, courierId, offerExpiresAt, now],
    );
    const jobId = Number(job!.id);
    await query(`INSERT INTO "DeliveryOffer" ("jobId", "courierId", "offeredAt", "answer") VALUES (?, ?, ?, ?)`, [
      jobId,
      courierId,
      now,
      state === "offered" ? null : "accepted",
    ]);
    return jobId;
  });
}

/**
 * Runs `work` while the restaurant briefly belongs to another account (the oldest one), then
 * hands it back: an owner can no longer place an order at their own restaurant, but
 * orders placed before that rule, or before a restaurant changed hands, leave an owner as the
 * customer of their restaurant's order; specs that need one (the authorization matrix's single
 * owner of every record, the order page's "Your restaurant") place it this way.
 */
export async function whileOwnedByAnother<T>(restaurantId: number, ownerId: number, work: () => Promise<T>, dbFile?: DbFile): Promise<T> {
  await write((query) => query(`UPDATE "Restaurant" SET "ownerId" = (SELECT MIN("id") FROM "User" WHERE "id" <> ?) WHERE "id" = ?`, [ownerId, restaurantId]), dbFile);
  try {
    return await work();
  } finally {
    await write((query) => query(`UPDATE "Restaurant" SET "ownerId" = ? WHERE "id" = ?`, [ownerId, restaurantId]), dbFile);
  }
}

/**
 * Puts the courier at `at` now (or at `when`), as if they had ridden there (CourierState's last
 * position; no track point): a browser's emulated location may then jump there without the
 * 200 km/h check dropping its next report, and a step at that stop is taken.
 */
export async function rideTo(courierId: number, at: Point, dbFile?: DbFile, when = new Date()): Promise<void> {
  await write(
    (query) => query(`UPDATE "CourierState" SET "lat" = ?, "lng" = ?, "accuracy" = NULL, "positionAt" = ? WHERE "userId" = ?`, [at.lat, at.lng, when, courierId]),
    dbFile,
  );
}

/** When the courier's last position was taken (CourierState.positionAt, ms epoch), or null: to watch a courier no app reports for. */
export async function positionTimeOf(courierId: number, dbFile?: DbFile): Promise<number | null> {
  const [row] = await write((query) => query(`SELECT "positionAt" FROM "CourierState" WHERE "userId" = ?`, [courierId]), dbFile);
  const at = row?.positionAt;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(String(at));
}

/**
 * An address-book entry of the customer's at `at` (pinned there), written straight to the servers'
 * database: a pin must lie within 5 km of its ZIP's centre through the API, and the planted jobs'
 * drop-off (plantJob) is at no real ZIP. Returns its id.
 */
export async function saveAddressAt(userId: number, at: Point, dbFile?: DbFile): Promise<number> {
  return write(async (query) => {
    const now = new Date();
    const [row] = await query(
      `INSERT INTO "Address" ("userId", "label", "address", "city", "state", "zip", "lat", "lng", "pinned", "precision", "isDefault", "createdAt", "updatedAt")
       VALUES (?, 'Home', '12 Birch Lane', 'Fairbanks', 'AK', '99701', ?, ?, true, 'rooftop', false, ?, ?) RETURNING "id"`,
      [userId, at.lat, at.lng, now, now],
    );
    return Number(row!.id);
  }, dbFile);
}

/** Where plantJob's jobs deliver to. */
export const PLANTED_DROPOFF: Point = { lat: 50.01, lng: -147.7 };
