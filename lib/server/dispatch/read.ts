import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { distanceUnitOf, type DistanceUnit } from "@/lib/shared/delivery/distance";
import { centsToDollars } from "@/lib/shared/money/money";
import { majorIn } from "@/lib/shared/money/currency";
import { distanceKm, HELD_STATES, roundKm, roundTripKm, type JobState, type Point } from "@/lib/shared/delivery/delivery";
import { db } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { doorPhotoEntry } from "./door-photo";
import { courierPoint } from "./queries/couriers";
import { courierJobRows, jobRowById, type CourierJobRow } from "./queries/jobs";

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
  /** The customer chose "Leave it at my door": marking it delivered needs a photo (courier-steps/dropoff-photo.ts). */
  leaveAtDoor: boolean;
  /** The building's photo from an earlier delivery there (dispatch/door-photo.ts), for this job's courier only; null without one. */
  doorPhotoUrl: string | null;
};

export type JobJson = {
  id: number;
  orderId: number;
  state: JobState;
  offerExpiresAt: string | null;
  /** While offered: the milliseconds left when answered, so the app counts down by its own clock's elapsed time. */
  offerExpiresInMs: number | null;
  pay: number;
  itemsCount: number;
  restaurant: { id: number | null; name: string; address: string; lat: number; lng: number };
  dropoff: OfferDropoff | HeldDropoff;
  distanceKm: number | null;
  /** The restaurant's market's unit: the app shows this job's distances in it. */
  distanceUnit: DistanceUnit;
  /** A step was taken away from its stop (courier-steps/at-stop.ts): an operator checks the delivery before its pay is released. */
  flagged: boolean;
  /**
   * The kitchen: whether it marked the order ready (before that, "picked up" needs the courier's
   * `handedOver` confirmation: courier-steps/picked-up.ts), its ready time (ISO; the estimate while
   * cooking) and the restaurant's time zone, the one the app prints it in.
   */
  kitchen: { ready: boolean; readyAt: string | null; timeZone: string };
  /** A cash order (docs/architecture/ledger.md "Cash at the door"): the total to collect at the door in the order's currency, the bill the customer pays with, the change, and whether it was collected. */
  cash?: CashToCollect;
};

type CashToCollect = { amount: number; bill: number; change: number; currency: string; collected: boolean };

/** What a cash order's courier collects at the door (absent for any other order). */
function cashOf(row: CourierJobRow): CashToCollect | undefined {
  if (row.paymentMethod !== "cash") return undefined;
  const major = majorIn(row.orderCurrency);
  // The bill said at checkout; a change to the order since (order-changes/) may have raised the total past it.
  const bill = Math.max(row.cashBillCents ?? 0, row.orderTotalCents);
  return {
    amount: major(row.orderTotalCents),
    bill: major(bill),
    change: major(bill - row.orderTotalCents),
    currency: row.orderCurrency,
    collected: row.cashCollectedAt !== null,
  };
}

/** Whether the kitchen is done with an order at `stage`: before, a pickup needs the courier's confirmation that the kitchen handed it over. */
export const kitchenReady = (stage: string | null) => stage !== null && !["placed", "accepted"].includes(stage);

function toJson(row: CourierJobRow, courierAt: Point | null, now: Date, door: boolean): JobJson {
  const state = row.state as JobState;
  const restaurant = { lat: row.pickupLat, lng: row.pickupLng };
  const dropoff = { lat: row.dropoffLat, lng: row.dropoffLng };
  const next = state === "picked_up" ? dropoff : restaurant;
  return {
    id: row.id,
    orderId: row.orderId,
    state,
    offerExpiresAt: row.offerExpiresAt && state === "offered" ? row.offerExpiresAt.toISOString() : null,
    offerExpiresInMs: row.offerExpiresAt && state === "offered" ? Math.max(0, row.offerExpiresAt.getTime() - now.getTime()) : null,
    pay: centsToDollars(row.payCents),
    itemsCount: row.itemsCount,
    restaurant: {
      id: row.restaurantId,
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
            doorPhotoUrl: door ? `/api/courier/jobs/${row.id}/door-photo` : null,
          },
    distanceKm: courierAt ? roundKm(distanceKm(courierAt, next)) : null,
    distanceUnit: distanceUnitOf(row.distanceUnit),
    flagged: row.flaggedAt !== null,
    kitchen: {
      ready: kitchenReady(row.orderStage),
      readyAt: row.estimatedReadyAt ? row.estimatedReadyAt.toISOString() : null,
      timeZone: row.timeZone ?? MARKET_TIME_ZONE,
    },
    ...(row.paymentMethod === "cash" && { cash: cashOf(row) }),
  };
}

/** A job made before `dropoffArea` existed: its address's last two parts ("City", "ST ZIP"), never the street. */
function areaOf(address: string): string {
  const parts = address.split(", ");
  return parts.length >= 3 ? parts.slice(-2).join(", ") : "the customer's area";
}

/** The courier's open offer (not yet expired) and the jobs they hold, oldest first. */
export async function courierJobs(courierId: number, now = new Date(), sql: Sql = sqlOf(db)): Promise<JobJson[]> {
  const rows = await courierJobRows(sql, courierId, now);
  const at = rows.length ? await courierPoint(sql, courierId) : null;
  return Promise.all(rows.map(async (row) => toJson(row, at, now, await hasDoorPhoto(sql, row))));
}

/** Whether a held job's drop-off has a building's photo (an offer shows no more than its area). */
async function hasDoorPhoto(sql: Sql, row: CourierJobRow): Promise<boolean> {
  if (!(HELD_STATES as readonly string[]).includes(row.state)) return false;
  return (await doorPhotoEntry(sql, row.userId, { lat: row.dropoffLat, lng: row.dropoffLng, addressId: row.deliveryAddressId })) !== null;
}

/** One job, already authorized by the caller (the move that returned it); `at`: the courier's point when the step read it already (courier-steps/at-stop.ts). */
export async function jobJson(sql: Sql, jobId: number, courierId: number, at?: Point | null): Promise<JobJson> {
  const row = (await jobRowById(sql, jobId))!;
  return toJson(row, at === undefined ? await courierPoint(sql, courierId) : at, new Date(), await hasDoorPhoto(sql, row));
}
