import path from "node:path";
import { randomInt } from "node:crypto";
import Database from "better-sqlite3";

// Couriers for the API specs (docs/architecture/couriers.md). Nobody becomes a courier through
// the API, so a signed-up user is made one in the shared servers' SQLite file (data/e2e, see
// playwright.config.ts), as an operator would; the same file gives places their coordinates,
// each test far from the others' (and from the demo data), so dispatch offers a test's jobs to
// that test's couriers only.

const E2E_DB = path.resolve("data/e2e/nosh.db");

/** The database these helpers write: the shared servers' (data/e2e), or a server of a test's own (its `dbFile`). */
export type DbFile = string;

/** Prisma's SQLite date text (lib/server/platform/sql.ts). */
export const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

function write<T>(work: (db: Database.Database) => T, dbFile: DbFile = E2E_DB): T {
  const db = new Database(dbFile, { fileMustExist: true, timeout: 10_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Makes the user a courier (User.courier), off shift. */
export function makeCourier(userId: number, dbFile?: DbFile): void {
  write((db) => db.prepare(`UPDATE "User" SET "courier" = 1 WHERE "id" = ?`).run(userId), dbFile);
}

export type Point = { lat: number; lng: number };

/** A spot of its own for one test, in Alaska and the Yukon: 1,200 spots, each more than 40 km from the next (dispatch looks 20 km around); plantJob's jobs sit at 50° N, south of them all. */
export const ownSpot = (): Point => ({ lat: 55 + randomInt(0, 40) * 0.5, lng: -165 + randomInt(0, 30) });

/** About `km` north of `at`. */
export const northOf = (at: Point, km: number): Point => ({ lat: at.lat + km / 111.32, lng: at.lng });

export function placeRestaurant(restaurantId: number, at: Point, dbFile?: DbFile): void {
  write((db) => db.prepare(`UPDATE "Restaurant" SET "lat" = ?, "lng" = ? WHERE "id" = ?`).run(at.lat, at.lng, restaurantId), dbFile);
}

/** The customer's saved address and its point (the drop-off of their next delivery). */
export function placeCustomer(userId: number, at: Point, dbFile?: DbFile): void {
  write(
    (db) =>
      db
        .prepare(`UPDATE "User" SET "address" = '12 Birch Lane', "city" = 'Fairbanks', "state" = 'AK', "zip" = '99701', "lat" = ?, "lng" = ? WHERE "id" = ?`)
        .run(at.lat, at.lng, userId),
    dbFile,
  );
}

/**
 * A delivery job planted for the order in `state` (offered to or held by `courierId`), the order
 * moved to the stage that state goes with, and the courier on shift holding it: for the
 * authorization matrix, which needs each move's starting state without a whole delivery. Returns the job's id.
 */
export function plantJob(orderId: number, courierId: number, state: "offered" | "assigned" | "at_pickup" | "picked_up"): number {
  return write((db) =>
    db.transaction(() => {
      const order = db.prepare(`SELECT "userId", "restaurantId" FROM "Order" WHERE "id" = ?`).get(orderId) as { userId: number; restaurantId: number };
      const now = new Date();
      const stage = state === "picked_up" ? "out_for_delivery" : "accepted";
      db.prepare(`UPDATE "Order" SET "stage" = ? WHERE "id" = ?`).run(stage, orderId);
      const held = state === "offered" ? 0 : 1;
      db.prepare(
        `INSERT INTO "CourierState" ("userId", "onShift", "lat", "lng", "positionAt", "activeJobs", "updatedAt") VALUES (?, 1, 50.0, -147.7, ?, ?, ?)
         ON CONFLICT ("userId") DO UPDATE SET "onShift" = 1, "activeJobs" = "activeJobs" + excluded."activeJobs"`,
      ).run(courierId, sqliteDate(now), held, sqliteDate(now));
      const offerExpiresAt = state === "offered" ? sqliteDate(new Date(now.getTime() + 10 * 60_000)) : null;
      const job = db
        .prepare(
          `INSERT INTO "DeliveryJob" ("orderId", "restaurantId", "userId", "state", "courierId", "offerExpiresAt", "payCents", "pickupLat", "pickupLng", "dropoffLat", "dropoffLng", "dropoffAddress", "itemsCount", "createdAt")
           VALUES (?, ?, ?, ?, ?, ?, 500, 50.0, -147.7, 50.01, -147.7, '12 Birch Lane, Fairbanks, AK 99701', 1, ?)`,
        )
        .run(orderId, order.restaurantId, order.userId, state, courierId, offerExpiresAt, sqliteDate(now));
      const jobId = Number(job.lastInsertRowid);
      db.prepare(`INSERT INTO "DeliveryOffer" ("jobId", "courierId", "offeredAt", "answer") VALUES (?, ?, ?, ?)`).run(
        jobId,
        courierId,
        sqliteDate(now),
        state === "offered" ? null : "accepted",
      );
      return jobId;
    })(),
  );
}
