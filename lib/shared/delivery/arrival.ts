import { PICKUP_ESTIMATE, SCHEDULE_SLOT_MINUTES } from "../constants";
import { COURIER_SPEED_KMH, distanceKm, type JobState, type Point } from "./delivery";
import { deliveryEstimateMinutes } from "./delivery-estimate";

// The one arrival estimate (docs/architecture/order-stages.md, "Arrival window"): when a placed
// order should reach the customer (a pickup: be ready to collect), from the facts known so far and
// nothing else: no clock. It moves only when a fact does (the restaurant accepts, changes the prep
// time, marks it ready; a courier reports a position, arrives, picks up), so every screen and mail
// that states it says the same. Shared by the order JSON (estimatedArrivalFrom/To, delivery.eta*),
// the order page and its live tracking (a streamed position), and the mails.
//
// - Until the restaurant accepts: the range checkout showed and the order keeps (its promise:
//   lib/shared/delivery/arrival-quote.mjs from the kitchen's queue, the distance and the couriers near; an
//   order placed without one, the spec's standard 20-35 / priority 15-30 min moved by the
//   kitchen's busy minutes, lib/shared/delivery/delivery-estimate.ts) after placing; a pickup the
//   restaurant's pickup estimate, pickupEstimateMinutes.
// - Then the kitchen's ready time (the accepted prep minutes, busy minutes included, moved by the
//   owner's +5/+10; the real time once marked ready), and the courier: reaching the restaurant
//   from their last position at a bike's speed (COURIER_SPEED_KMH), or already there. The food
//   leaves at the later of the two and rides the restaurant-to-door distance: a 10-minute window
//   starting then. Without a delivery job (a row from before couriers), the restaurant's delivery
//   time after the ready time, as before.
// - Once picked up: from the courier's newest position (else the pickup) to the door; the window
//   narrows to a fifth of the ride left (at least 2 minutes), its start unchanged at the pickup.
// - A scheduled order: its 30-minute slot until the courier has it.
// A passed window is "running late" (runningLate): the estimate itself does not creep forward.

export type ArrivalWindow = { from: string; to: string; scheduled: boolean };

/** The courier's side of a delivery: its job's state, its two ends, and what the courier did. */
export type CourierFacts = {
  state: JobState;
  restaurant: Point;
  dropoff: Point;
  /** When the courier said they were at the restaurant. */
  arrivedAt?: Date | null;
  pickedUpAt?: Date | null;
  /** The courier's newest position and when it was taken. */
  position?: { point: Point; at: Date } | null;
};

export type ArrivalInput = {
  status: string;
  deliveryOption: string | null;
  scheduledFor: Date | null;
  submittedAt: Date | null;
  /** Set once the restaurant accepted with a preparation estimate (moved by a prep change). */
  estimatedReadyAt?: Date | null;
  /** When the kitchen marked it ready. */
  readyAt?: Date | null;
  /** The restaurant's delivery time in minutes (null once the restaurant is deleted). */
  deliveryMinutes?: number | null;
  /** The minutes the restaurant's kitchen added while busy when the order was placed (the estimate before it accepts, for an order placed without a promise). */
  busyMinutes?: number | null;
  /** The range checkout showed and the order keeps (Order.promisedMinMinutes/MaxMinutes): the window until the kitchen accepts. */
  promisedMinutes?: readonly [number, number] | null;
  /** The delivery job, once there is one. */
  courier?: CourierFacts | null;
};

export const MINUTE = 60_000;
/** An arrival window's width (minutes). */
export const WINDOW_MINUTES = 10;
const PRIORITY_SAVES_MINUTES = 5;
const DEFAULT_DELIVERY_MINUTES = 30;

/** Minutes a courier takes from `a` to `b` at a bike's speed in a city (at least 1). */
export function rideMinutes(a: Point, b: Point): number {
  return rideMinutesOf(distanceKm(a, b));
}

/** Minutes a courier takes to ride `km` (straight-line) at a bike's speed in a city (at least 1). */
export function rideMinutesOf(km: number): number {
  return Math.max(1, Math.round((km / COURIER_SPEED_KMH) * 60));
}

/** A restaurant's pickup estimate in minutes after ordering, from its delivery time: [15, 20] for 30 minutes. */
export function pickupEstimateMinutes(deliveryMinutes: number | null | undefined): [number, number] {
  const kitchen = Math.max(PICKUP_ESTIMATE.minMinutes, Math.round((deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES) / 2 / 5) * 5);
  return [kitchen, kitchen + PICKUP_ESTIMATE.windowMinutes];
}

/** "Pickup 15-20 min" (the cards, the restaurant page and the cart in pickup mode). */
export function pickupEstimateText(deliveryMinutes: number | null | undefined): string {
  const [min, max] = pickupEstimateMinutes(deliveryMinutes);
  return `${min}-${max} min`;
}

const window = (from: number, to: number, scheduled = false): ArrivalWindow => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
  scheduled,
});

/** The expected arrival of a Submitted order (any open stage), as ISO instants; null for any other status. */
export function arrivalWindow(order: ArrivalInput): ArrivalWindow | null {
  if (order.status !== "Submitted") return null;
  const courier = order.deliveryOption === "pickup" ? null : (order.courier ?? null);
  if (courier?.state === "picked_up") {
    const riding = ridingWindow(courier);
    if (riding) return riding;
  }
  if ((order.deliveryOption === "schedule" || order.deliveryOption === "pickup") && order.scheduledFor) {
    const start = order.scheduledFor.getTime();
    return window(start, start + SCHEDULE_SLOT_MINUTES * MINUTE, true);
  }
  const ready = (order.readyAt ?? order.estimatedReadyAt)?.getTime();
  if (order.deliveryOption === "pickup") {
    if (ready !== undefined) return window(ready, ready + WINDOW_MINUTES * MINUTE);
    if (!order.submittedAt) return null;
    const [min, max] = pickupEstimateMinutes(order.deliveryMinutes);
    const placed = order.submittedAt.getTime();
    return window(placed + min * MINUTE, placed + max * MINUTE);
  }
  const priority = order.deliveryOption === "priority";
  if (ready !== undefined) {
    if (courier) {
      const leaves = Math.max(ready, courierAtRestaurant(courier, ready));
      const start = leaves + rideMinutes(courier.restaurant, courier.dropoff) * MINUTE;
      return window(start, start + WINDOW_MINUTES * MINUTE);
    }
    const leg = Math.max(WINDOW_MINUTES, (order.deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES) - (priority ? PRIORITY_SAVES_MINUTES : 0));
    const to = ready + leg * MINUTE;
    return window(to - WINDOW_MINUTES * MINUTE, to);
  }
  if (!order.submittedAt) return null;
  const [min, max] = order.promisedMinutes ?? deliveryEstimateMinutes({ busyExtraMinutes: order.busyMinutes }, priority ? "priority" : "standard");
  const placed = order.submittedAt.getTime();
  return window(placed + min * MINUTE, placed + max * MINUTE);
}

/** When the courier is (or will be) at the restaurant: arrived, or riding there from their last position; else the food's ready time. */
function courierAtRestaurant(courier: CourierFacts, ready: number): number {
  if (courier.state === "at_pickup") return courier.arrivedAt?.getTime() ?? ready;
  if (courier.state === "assigned" && courier.position) return courier.position.at.getTime() + rideMinutes(courier.position.point, courier.restaurant) * MINUTE;
  return ready;
}

/** Picked up: the ride to the door from the newest position (or from the pickup). */
function ridingWindow(courier: CourierFacts): ArrivalWindow | null {
  const position = courier.position && (!courier.pickedUpAt || courier.position.at >= courier.pickedUpAt) ? courier.position : null;
  const from = position ?? (courier.pickedUpAt ? { point: courier.restaurant, at: courier.pickedUpAt } : null);
  if (!from) return null;
  const minutes = rideMinutes(from.point, courier.dropoff);
  const start = from.at.getTime() + minutes * MINUTE;
  return window(start, start + Math.max(2, Math.round(minutes * 0.2)) * MINUTE);
}

/** The window has passed and the order is still open: the page says "Running late" (a pickup's kitchen, a delivery's food). */
export function runningLate(window: ArrivalWindow | null, now: Date | number): boolean {
  return window !== null && new Date(window.to).getTime() < new Date(now).getTime();
}

/** The longest kitchen lead a restaurant can have: its delivery time's maximum (minutes). */
export const MAX_KITCHEN_LEAD_MINUTES = 180;

/**
 * When the kitchen should start on a placed order, from which the restaurant's accept timer runs:
 * an order for now at once (when it was placed); a scheduled one its lead before the slot (a
 * delivery the restaurant's delivery time, which ends at the door; a pickup the kitchen's share,
 * pickupEstimateMinutes), never before it was placed.
 */
export function kitchenStartAt(order: { submittedAt: Date; scheduledFor: Date | null; pickup: boolean }, deliveryMinutes: number | null | undefined): Date {
  if (!order.scheduledFor) return order.submittedAt;
  const lead = order.pickup ? pickupEstimateMinutes(deliveryMinutes)[0] : Math.min(MAX_KITCHEN_LEAD_MINUTES, deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES);
  return new Date(Math.max(order.submittedAt.getTime(), order.scheduledFor.getTime() - lead * MINUTE));
}

/**
 * "Clearly late": this long past the end of the window the acceptance promised,
 * a delivery that has not arrived may be reported as never arrived while it is still open (the
 * order page's "Report that it never arrived"; lib/server/problems/report.ts). Half an hour: past
 * any courier's plausible delay, before the customer has given up on the evening.
 */
export const CLEARLY_LATE_MINUTES = 30;

/** The promised window ended CLEARLY_LATE_MINUTES ago or more. */
export function clearlyLate(promisedBy: Date | string | null | undefined, now: Date | number): boolean {
  return promisedBy != null && new Date(now).getTime() - new Date(promisedBy).getTime() >= CLEARLY_LATE_MINUTES * MINUTE;
}

/** What a late order's fresh estimate reads: the order's JSON has all of it (so the page and the server say the same). */
export type LateFacts = {
  stage: string | null;
  pickup: boolean;
  estimatedReadyAt: Date | string | null;
  /** The delivery job as the order's JSON has it: the courier's distance to the restaurant (before pickup) or to the door (after). */
  delivery?: { state: JobState; restaurant: Point; dropoff: Point; distanceKm?: number } | null;
};
