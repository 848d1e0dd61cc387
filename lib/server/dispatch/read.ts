import "server-only";
import { centsToDollars } from "@/lib/shared/money";
import { distanceKm, roundKm, roundTripKm, type JobState, type Point } from "@/lib/shared/delivery";
import { db } from "../platform/db";
import { dateOf, sqlOf, type Sql } from "../platform/sql";

// A job as the courier app reads it (docs/architecture/couriers.md "API", `Job`): where to
// collect, where to bring it, the pay in dollars and how far the next stop is from the courier.
// Until the courier accepts, the drop-off is its area and the trip's length only (`OfferDropoff`):
// no street address, no point on a map, no customer's name, no instructions.

/** An offer's drop-off: the place ("Fairbanks, AK 99701") and the restaurant-to-drop-off distance, to the half kilometre. */
export type OfferDropoff = { area: string; tripKm: number };
/** A held job's drop-off: everything the courier needs at the door. */
export type HeldDropoff = {
  address: string;
  lat: number;
  lng: number;
  instructions: string | null;
  customerFirstName: string;
  /** The customer chose "Leave it at my door": marking it delivered needs a photo (dropoff-photo.ts). */
  leaveAtDoor: boolean;
};

export type JobJson = {
  id: number;
  orderId: number;
  state: JobState;
  offerExpiresAt: string | null;
  /** While offered: the milliseconds left when answered, so the app counts down by its own clock's elapsed time (issue 61 item 8). */
  offerExpiresInMs: number | null;
  pay: number;
  itemsCount: number;
  restaurant: { id: number | null; name: string; address: string; lat: number; lng: number };
  dropoff: OfferDropoff | HeldDropoff;
  distanceKm: number | null;
  /** A step was taken away from its stop (at-stop.ts): an operator checks the delivery before its pay is released. */
  flagged: boolean;
};

type JobRow = {
  id: number | bigint;
  orderId: number | bigint;
  state: string;
  offerExpiresAt: unknown;
  payCents: number | bigint;
  itemsCount: number | bigint;
  pickupLat: number;
  pickupLng: number;
  dropoffLat: number;
  dropoffLng: number;
  dropoffAddress: string;
  dropoffArea: string | null;
  flaggedAt: unknown;
  instructions: string | null;
  restaurantId: number | bigint | null;
  restaurantName: string;
  address: string | null;
  city: string | null;
  rState: string | null;
  zip: string | null;
  customerFirstName: string;
  orderDropoff: string;
};

const SELECT_JOBS = `SELECT j."id", j."orderId", j."state", j."offerExpiresAt", j."payCents", j."itemsCount", j."pickupLat", j."pickupLng",
    j."dropoffLat", j."dropoffLng", j."dropoffAddress", j."dropoffArea", j."flaggedAt", j."instructions", j."restaurantId",
    o."restaurantName" AS "restaurantName", r."address" AS "address", r."city" AS "city", r."state" AS "rState", r."zip" AS "zip",
    u."firstName" AS "customerFirstName", o."dropoff" AS "orderDropoff"
  FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId" JOIN "User" AS u ON u."id" = j."userId"
  LEFT JOIN "Restaurant" AS r ON r."id" = j."restaurantId"`;

function toJson(row: JobRow, courierAt: Point | null, now: Date): JobJson {
  const state = row.state as JobState;
  const restaurant = { lat: row.pickupLat, lng: row.pickupLng };
  const dropoff = { lat: row.dropoffLat, lng: row.dropoffLng };
  const next = state === "picked_up" ? dropoff : restaurant;
  return {
    id: Number(row.id),
    orderId: Number(row.orderId),
    state,
    offerExpiresAt: row.offerExpiresAt && state === "offered" ? dateOf(row.offerExpiresAt).toISOString() : null,
    offerExpiresInMs: row.offerExpiresAt && state === "offered" ? Math.max(0, dateOf(row.offerExpiresAt).getTime() - now.getTime()) : null,
    pay: centsToDollars(Number(row.payCents)),
    itemsCount: Number(row.itemsCount),
    restaurant: {
      id: row.restaurantId === null ? null : Number(row.restaurantId),
      name: row.restaurantName,
      address: [row.address, row.city, [row.rState, row.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      ...restaurant,
    },
    dropoff:
      state === "offered"
        ? { area: row.dropoffArea ?? areaOf(row.dropoffAddress), tripKm: roundTripKm(distanceKm(restaurant, dropoff)) }
        : {
            address: row.dropoffAddress,
            ...dropoff,
            instructions: row.instructions,
            customerFirstName: row.customerFirstName,
            leaveAtDoor: row.orderDropoff === "leave_at_door",
          },
    distanceKm: courierAt ? roundKm(distanceKm(courierAt, next)) : null,
    flagged: Boolean(row.flaggedAt),
  };
}

/** A job made before `dropoffArea` existed: its address's last two parts ("City", "ST ZIP"), never the street. */
function areaOf(address: string): string {
  const parts = address.split(", ");
  return parts.length >= 3 ? parts.slice(-2).join(", ") : "the customer's area";
}

/** The courier's last position (any age), or null. */
export async function courierPoint(sql: Sql, courierId: number): Promise<Point | null> {
  const [row] = await sql.all<{ lat: number | null; lng: number | null }>(`SELECT "lat", "lng" FROM "CourierState" WHERE "userId" = ?`, [courierId]);
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** The courier's open offer (not yet expired) and the jobs they hold, oldest first. */
export async function courierJobs(courierId: number, now = new Date(), sql: Sql = sqlOf(db)): Promise<JobJson[]> {
  const rows = await sql.all<JobRow>(
    `${SELECT_JOBS} WHERE j."courierId" = ? AND (j."state" IN ('assigned', 'at_pickup', 'picked_up') OR (j."state" = 'offered' AND j."offerExpiresAt" > ?)) ORDER BY j."id"`,
    [courierId, now],
  );
  const at = rows.length ? await courierPoint(sql, courierId) : null;
  return rows.map((row) => toJson(row, at, now));
}

/** One job, already authorized by the caller (the move that returned it). */
export async function jobJson(sql: Sql, jobId: number, courierId: number): Promise<JobJson> {
  const [row] = await sql.all<JobRow>(`${SELECT_JOBS} WHERE j."id" = ?`, [jobId]);
  return toJson(row!, await courierPoint(sql, courierId), new Date());
}
