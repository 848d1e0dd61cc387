import "server-only";
import type { CourierFacts } from "@/lib/shared/delivery/arrival";
import { distanceKm, HELD_STATES, roundKm, roundPosition, type JobState, type OrderCourier, type OrderDelivery } from "@/lib/shared/delivery/delivery";
import type { Tx } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { arrivedAway } from "./stop-flag";
import { deliveryRows, type DeliveryRow } from "./queries/jobs";
import { flagsOf } from "@/lib/shared/words/stored-texts";
import { failureOf } from "./job-words";

// The order JSON's `courier` and `delivery` (docs/architecture/couriers.md "API"): read for a
// page of orders in one statement (the job, its courier's first name and position), never one
// per order.

/**
 * `facts`: what the order's arrival estimate counts from (lib/shared/delivery/arrival.ts); not in the JSON
 * (the position only from pickup on). `wait`: the courier's wait at the restaurant, for the board
 * (orders/courier-wait.ts): whether the arrival was marked away from it, and what was paid.
 */
export type OrderDeliveryInfo = { courier: OrderCourier; delivery: OrderDelivery; facts: CourierFacts; wait: { arrivedAway: boolean; paidCents: number } };

/** A courier is named from assigned on (while held, and on a delivered or failed job). */
const NAMED: readonly JobState[] = [...HELD_STATES, "delivered", "failed"];

function infoOf(row: DeliveryRow): OrderDeliveryInfo {
  const state = row.state as JobState;
  const restaurant = { lat: row.pickupLat, lng: row.pickupLng };
  const dropoff = { lat: row.dropoffLat, lng: row.dropoffLng };
  const delivery: NonNullable<OrderDelivery> = {
    state,
    gaveUp: row.gaveUpAt !== null,
    arrivedAt: row.arrivedAt ? row.arrivedAt.toISOString() : null,
    handedOverEarly: row.handedOverEarly,
    // The API's words are English's; a screen writes `failure` in its reader's.
    ...failureOf(row),
    restaurant,
    dropoff,
  };
  if (row.distanceUnit === "mi") delivery.distanceUnit = "mi";
  if (row.ridingWith > 0 && HELD_STATES.includes(state)) delivery.ridingWith = { extraMinutes: row.batchExtraMinutes ?? 0 };
  const courierAt = row.lat !== null && row.lng !== null ? roundPosition({ lat: row.lat, lng: row.lng }) : null;
  if (courierAt && (state === "assigned" || state === "at_pickup")) delivery.distanceKm = roundKm(distanceKm(courierAt, restaurant));
  if (courierAt && state === "picked_up") {
    delivery.position = courierAt;
    delivery.distanceKm = roundKm(distanceKm(courierAt, dropoff));
  }
  const named = row.courierId !== null && row.firstName !== null && NAMED.includes(state);
  // The estimate counts from the rounded position the customer's stream is sent, and when it was taken.
  const facts: CourierFacts = {
    state,
    restaurant,
    dropoff,
    arrivedAt: row.arrivedAt,
    pickedUpAt: row.pickedUpAt,
    position: courierAt && row.positionAt && HELD_STATES.includes(state) ? { point: courierAt, at: row.positionAt } : null,
  };
  const wait = { arrivedAway: arrivedAway(flagsOf(row.flags)), paidCents: row.waitPayCents };
  return { courier: named ? { id: row.courierId!, firstName: row.firstName! } : null, delivery, facts, wait };
}

/** A job just made, waiting for its first offer (dispatch/create.ts insertJob): its delivery without reading it back. */
export function waitingJobDelivery(restaurant: { lat: number; lng: number }, dropoff: { lat: number; lng: number }, distanceUnit: string | null): OrderDeliveryInfo {
  const none = {
    gaveUpAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    handedOverEarly: false,
    failureKey: null,
    failureReason: null,
    flags: null,
    flagReason: null,
    waitPayCents: 0,
  };
  const courier = { courierId: null, firstName: null, lat: null, lng: null, positionAt: null, batchExtraMinutes: null, ridingWith: 0 };
  return infoOf({
    orderId: 0,
    state: "unassigned",
    ...none,
    ...courier,
    pickupLat: restaurant.lat,
    pickupLng: restaurant.lng,
    dropoffLat: dropoff.lat,
    dropoffLng: dropoff.lng,
    distanceUnit,
  });
}

/** Each order's delivery that has a job; orders without one (pickup, not yet accepted) are absent: courier and delivery null. */
/** A plain Sql (its `all`), not a Prisma client or transaction. */
const isSql = (tx: Tx | Sql): tx is Sql => typeof (tx as { all?: unknown }).all === "function";

export async function deliveriesOf(tx: Tx | Sql, orderIds: readonly number[]): Promise<Map<number, OrderDeliveryInfo>> {
  const found = new Map<number, OrderDeliveryInfo>();
  if (!orderIds.length) return found;
  const rows = await deliveryRows(isSql(tx) ? tx : sqlOf(tx), orderIds);
  for (const row of rows) found.set(row.orderId, infoOf(row));
  return found;
}

/**
 * Attaches `delivery` (courier and delivery) to each order read, in place; returns them. `tx`: a
 * Prisma client or transaction, or a plain Sql (the lists' reads on the connection: page-rows.ts).
 */
export async function withDeliveries<T extends { id: number; delivery?: OrderDeliveryInfo | null }>(tx: Tx | Sql, orders: T[]): Promise<T[]> {
  const map = await deliveriesOf(
    tx,
    orders.map((order) => order.id),
  );
  for (const order of orders) order.delivery = map.get(order.id) ?? null;
  return orders;
}
