// Couriers and dispatch, the part every side shares (docs/architecture/couriers.md): the job's
// states, the delivery events on the order event streams, distances and arrival estimates.
// Plain module: the server, the pages and the courier app import it.

import type { JobState } from "./job-states";
import type { FailureKey, StoredReason } from "@/lib/shared/words/stored-texts";

export { HELD_STATES, JOB_STATES, type JobState } from "./job-states";
/** Why "Go off shift" is refused (409) while a job is held; the courier app shows it beside the disabled button. */
export const HOLDING_JOBS = "Deliver or release your jobs before ending your shift";
/** Still looking for a courier. */
export const SEARCHING_STATES: readonly JobState[] = ["unassigned", "offered"];

/**
 * Delivery events, written to OrderEvent beside the stages (its `stage` column) with a JSON
 * `detail`. The first group is for the order's customer and restaurant; the second is for one
 * courier (the row's `userId` is the courier's, and it names no restaurant).
 */
export const ORDER_DELIVERY_EVENTS = [
  "courier_assigned",
  "courier_arrived",
  "courier_position",
  "courier_released",
  "courier_not_found",
  "delivery_failed",
  // A message between the customer and the courier (lib/shared/delivery/delivery-messages.ts): on the customer's order stream and the courier's, never the owner's.
  "courier_message",
] as const;
/** "Dev is arriving": the courier carrying the food came within this of the drop-off (told once, as they cross it). */
export const ARRIVING_WITHIN_KM = 0.5;
export const COURIER_EVENTS = ["job_offered", "job_withdrawn", "job_canceled"] as const;
export type DeliveryEventName = (typeof ORDER_DELIVERY_EVENTS)[number] | (typeof COURIER_EVENTS)[number];

/** courier_assigned: who. courier_position: where (rounded by roundPosition). delivery_failed: why. job_*: which job. */
export type DeliveryEventDetail = {
  courierId?: number;
  firstName?: string;
  lat?: number;
  lng?: number;
  /** delivery_failed: its reason in English, as sent on a stream (written from `failure`, the stored key). */
  reason?: string;
  failure?: StoredReason;
  jobId?: number;
  offerExpiresAt?: string;
  /** courier_position: when the position was taken (ISO), what the order's estimate counts from. */
  positionAt?: string;
  /** job_offered: the jobs of a two-order trip (docs/architecture/dispatch-matching.md), accepted or declined together. */
  batch?: number[];
  /** job_offered: the owner assigned the courier by hand (nothing to accept). */
  assigned?: boolean;
  /** courier_message: the new message's id (its text is read from the thread, never sent on a stream). */
  messageId?: number;
  /** delivered: left at the door, with the courier's photo. */
  dropoffPhoto?: boolean;
};

/** The order JSON's `courier` and `delivery` (docs/architecture/couriers.md: null courier until one is assigned). */
export type OrderCourier = { id: number; firstName: string } | null;
export type OrderDelivery = {
  state: JobState;
  /** Searching for longer than DISPATCH_GIVE_UP_MINUTES: the owner may deliver with their own staff. */
  gaveUp: boolean;
  /** When the courier said they were at the restaurant (ISO). */
  arrivedAt: string | null;
  /** Picked up before the kitchen marked it ready, the courier confirming the kitchen handed it over (absent from older servers). */
  handedOverEarly?: boolean;
  /** Why it failed, in English (the API's words); `failure` carries its key for a screen to write in its reader's. */
  failureReason: string | null;
  failure?: StoredReason | null;
  restaurant: Point;
  dropoff: Point;
  /** The courier's position, rounded by roundPosition: from pickup until delivery only. */
  position?: Point;
  /** Straight-line km from the courier to the drop-off (from pickup on) or to the restaurant (before). */
  distanceKm?: number;
  /** "mi": the restaurant's market reads distances in miles (lib/shared/delivery/distance.ts); absent: km. */
  distanceUnit?: "mi";
  /** The courier carries another order in the same trip (honest batching): about how many minutes longer this one rides for it. Absent alone. */
  ridingWith?: { extraMinutes: number };
  /** Arrival window at the drop-off (ISO times) once picked up: the order's one estimate (lib/shared/delivery/arrival.ts), as estimatedArrivalFrom/To. */
  etaFrom?: string;
  etaTo?: string;
} | null;

const EARTH_KM = 6371.0088;

export type Point = { lat: number; lng: number };

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A restaurant's delivery radius (Restaurant.deliveryRadiusKm): the default and what an owner may set. */
export const DEFAULT_DELIVERY_RADIUS_KM = 8;
export const MIN_DELIVERY_RADIUS_KM = 0.5;
export const MAX_DELIVERY_RADIUS_KM = 50;

/**
 * How far the customer's address is from the restaurant, when both points are known (else null:
 * a legacy row without coordinates is never refused), and whether that is beyond its radius.
 */
export function deliveryReach(restaurant: { lat: number | null; lng: number | null; deliveryRadiusKm: number }, customer: { lat: number | null; lng: number | null }) {
  if (restaurant.lat == null || restaurant.lng == null || customer.lat == null || customer.lng == null) return null;
  const km = distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, { lat: customer.lat, lng: customer.lng });
  return { km, tooFar: km > restaurant.deliveryRadiusKm };
}

/** Shown distances: one decimal place. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

/** About 11 m of latitude (and less of longitude): what a customer's stream is told of a courier's position. */
export const roundPosition = ({ lat, lng }: Point): Point => ({ lat: Math.round(lat * 10_000) / 10_000, lng: Math.round(lng * 10_000) / 10_000 });

/** A courier on a bike in a city, roads not being straight lines: km/h over the straight-line distance. */
export const COURIER_SPEED_KMH = 15;
/** The fastest a courier can plausibly move: a point implying more is dropped. */
export const MAX_COURIER_SPEED_KMH = 200;
/** A position older than this does not count for dispatch. */
export const FRESH_POSITION_MS = 2 * 60_000;
/** Positions kept for this long, then deleted by the sweep. */
export const POSITION_RETENTION_DAYS = 7;
/** At most this many points in one `{ points }` report. */
export const MAX_POINTS_PER_REPORT = 50;
/** A point's `ageMs` (how long before its report the phone took it) at most a day either way. */
export const MAX_POINT_AGE_MS = 86_400_000;

/** What a courier earns for a delivery: the order's delivery fee, its priority fee and all of its tip. */
export const courierPayCents = (order: { deliveryFeeCents: number; priorityFeeCents: number; tipCents: number }) =>
  order.deliveryFeeCents + order.priorityFeeCents + order.tipCents;

/** A position's reported accuracy (metres) may be at most this: a worse fix says nothing of where the courier is. */
export const MAX_POSITION_ACCURACY_M = 5_000;
/** At most one stored point a second per courier, whatever a batch holds (points closer in time are dropped). */
export const MIN_POINT_GAP_MS = 1_000;

/**
 * Why a delivery failed, as the courier picks it (`value`) and as it is stored and read (`key`: the
 * catalogue's server.storedTexts.choices, lib/shared/words/stored-texts.ts; the courier's app words it
 * as courier.forms.reasons): a fixed list, so no courier's words reach the customer's page, stream or mail.
 * The courier's own words (`note`) go to the operators only.
 */
export const FAILURE_REASONS = [
  { value: "unreachable", key: "unreachable" },
  { value: "address_not_found", key: "addressNotFound" },
  { value: "unsafe", key: "unsafe" },
  { value: "other", key: "other" },
] as const satisfies readonly { value: string; key: FailureKey }[];
export type FailureReasonCode = (typeof FAILURE_REASONS)[number]["value"];
export const failureKeyOf = (code: FailureReasonCode): FailureKey => FAILURE_REASONS.find((reason) => reason.value === code)!.key;

/**
 * How far a courier is, as an owner's courier list says it: a band, never a figure, and measured
 * from the courier's position snapped to a fixed grid (COURIER_GRID_DEGREES), so no set of
 * restaurants placed anywhere locates a courier more closely than a grid cell.
 */
export const COURIER_DISTANCE_BANDS = ["under 1 km", "1-3 km", "3-5 km", "5-10 km", "over 10 km"] as const;
export type CourierDistanceBand = (typeof COURIER_DISTANCE_BANDS)[number];
export function courierDistanceBand(km: number): CourierDistanceBand {
  if (km < 1) return "under 1 km";
  if (km < 3) return "1-3 km";
  if (km < 5) return "3-5 km";
  if (km < 10) return "5-10 km";
  return "over 10 km";
}
/** About 1.1 km of latitude (less of longitude): the grid a courier's position is snapped to before an owner's list measures it. */
export const COURIER_GRID_DEGREES = 0.01;
export const snapToGrid = ({ lat, lng }: Point): Point => ({
  lat: (Math.floor(lat / COURIER_GRID_DEGREES) + 0.5) * COURIER_GRID_DEGREES,
  lng: (Math.floor(lng / COURIER_GRID_DEGREES) + 0.5) * COURIER_GRID_DEGREES,
});
/** An offer's trip (restaurant to drop-off), to the half kilometre: with the area, all it says of where the food goes. */
export const roundTripKm = (km: number) => Math.max(0.5, Math.round(km * 2) / 2);
