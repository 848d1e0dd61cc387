import "server-only";
import type { CourierFacts } from "@/lib/shared/arrival";
import { distanceKm, HELD_STATES, roundKm, roundPosition, type JobState, type OrderCourier, type OrderDelivery } from "@/lib/shared/delivery";
import type { Tx } from "../platform/db";
import { dateOf, placeholders, sqlOf } from "../platform/sql";

// The order JSON's `courier` and `delivery` (docs/architecture/couriers.md "API"): read for a
// page of orders in one statement (the job, its courier's first name and position), never one
// per order.

/** `facts`: what the order's arrival estimate counts from (lib/shared/arrival.ts); not in the JSON (the position only from pickup on). */
export type OrderDeliveryInfo = { courier: OrderCourier; delivery: OrderDelivery; facts: CourierFacts };

type Row = {
  orderId: number | bigint;
  state: string;
  courierId: number | bigint | null;
  gaveUpAt: unknown;
  arrivedAt: unknown;
  pickedUpAt: unknown;
  failureReason: string | null;
  pickupLat: number;
  pickupLng: number;
  dropoffLat: number;
  dropoffLng: number;
  firstName: string | null;
  lat: number | null;
  lng: number | null;
  positionAt: unknown;
};

/** A courier is named from assigned on (while held, and on a delivered or failed job). */
const NAMED: readonly JobState[] = [...HELD_STATES, "delivered", "failed"];

function infoOf(row: Row): OrderDeliveryInfo {
  const state = row.state as JobState;
  const restaurant = { lat: row.pickupLat, lng: row.pickupLng };
  const dropoff = { lat: row.dropoffLat, lng: row.dropoffLng };
  const delivery: NonNullable<OrderDelivery> = {
    state,
    gaveUp: Boolean(row.gaveUpAt),
    arrivedAt: row.arrivedAt ? dateOf(row.arrivedAt).toISOString() : null,
    failureReason: row.failureReason,
    restaurant,
    dropoff,
  };
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
    arrivedAt: row.arrivedAt ? dateOf(row.arrivedAt) : null,
    pickedUpAt: row.pickedUpAt ? dateOf(row.pickedUpAt) : null,
    position: courierAt && row.positionAt && HELD_STATES.includes(state) ? { point: courierAt, at: dateOf(row.positionAt) } : null,
  };
  return { courier: named ? { id: Number(row.courierId), firstName: row.firstName! } : null, delivery, facts };
}

/** Each order's delivery that has a job; orders without one (pickup, not yet accepted) are absent: courier and delivery null. */
export async function deliveriesOf(tx: Tx, orderIds: readonly number[]): Promise<Map<number, OrderDeliveryInfo>> {
  const found = new Map<number, OrderDeliveryInfo>();
  if (!orderIds.length) return found;
  const rows = await sqlOf(tx).all<Row>(
    `SELECT j."orderId", j."state", j."courierId", j."gaveUpAt", j."arrivedAt", j."pickedUpAt", j."failureReason", j."pickupLat", j."pickupLng", j."dropoffLat", j."dropoffLng",
        u."firstName" AS "firstName", s."lat" AS "lat", s."lng" AS "lng", s."positionAt" AS "positionAt"
      FROM "DeliveryJob" AS j LEFT JOIN "User" AS u ON u."id" = j."courierId" LEFT JOIN "CourierState" AS s ON s."userId" = j."courierId"
      WHERE j."orderId" IN ${placeholders(orderIds.length)}`,
    orderIds,
  );
  for (const row of rows) found.set(Number(row.orderId), infoOf(row));
  return found;
}

/** Attaches `delivery` (courier and delivery) to each order read, in place; returns them. */
export async function withDeliveries<T extends { id: number; delivery?: OrderDeliveryInfo | null }>(tx: Tx, orders: T[]): Promise<T[]> {
  const map = await deliveriesOf(
    tx,
    orders.map((order) => order.id),
  );
  for (const order of orders) order.delivery = map.get(order.id) ?? null;
  return orders;
}
