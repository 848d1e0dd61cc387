import { rideMinutesOf } from "./arrival";
import { formatTime } from "./format-date";
import { distanceIn, ENGLISH_UNITS, type DistanceUnit } from "./distance";
import { SEARCHING_STATES, type OrderCourier, type OrderDelivery } from "./delivery";

// What the screens say about a delivery: the owner's board line, the courier app's offer
// countdown (the customer's lines: customer-delivery-text.ts). Plain module (pages and tests import it).

/** "1.2 km", or "350 m" under a kilometre; in a mi market "0.8 mi" or "300 ft" (distance.ts's English). */
export function formatDistance(km: number, unit: DistanceUnit = "km"): string {
  return distanceIn(km, ENGLISH_UNITS, unit);
}

/**
 * The owner's line for a delivery order: "Finding a courier", "Dev arrives in about 5 min, 1.2 km"
 * (or "Dev is heading to the restaurant" with no position), "Dev arrived 12:03 PM", "Picked up by Dev" (taken before the kitchen marked it
 * ready: "Handed to Dev early: ..."); null for a pickup order or a delivery
 * with no job. While a courier holds the job, the board shows it where the "Out for delivery" and
 * "Delivered" buttons were (the courier owns those steps).
 */
export function courierStatusLine(courier: OrderCourier | undefined, delivery: OrderDelivery | undefined, timeZone?: string): string | null {
  if (!delivery) return null;
  const name = courier?.firstName;
  if (SEARCHING_STATES.includes(delivery.state) || !name) {
    return delivery.state === "failed" ? failedLine(delivery) : delivery.state === "canceled" ? null : "Finding a courier";
  }
  switch (delivery.state) {
    case "assigned":
      // The customer's model (rideMinutesOf: a bike's speed from the courier's last position).
      return delivery.distanceKm === undefined
        ? `${name} is heading to the restaurant`
        : `${name} arrives in about ${rideMinutesOf(delivery.distanceKm)} min, ${formatDistance(delivery.distanceKm, delivery.distanceUnit)}`;
    case "at_pickup":
      return delivery.arrivedAt ? `${name} arrived ${formatTime(delivery.arrivedAt, timeZone)}` : `${name} is at the restaurant`;
    case "picked_up":
      return delivery.handedOverEarly ? `Handed to ${name} early: picked up before it was marked ready` : `Picked up by ${name}`;
    case "delivered":
      return `Delivered by ${name}${delivery.handedOverEarly ? " · handed over before it was marked ready" : ""}`;
    case "failed":
      return failedLine(delivery);
    default:
      return null;
  }
}

/** The courier waits this long for the food, or the food for the courier, before the board says so (amber). */
export const COURIER_WAITS_MINUTES = 5;
export const FOOD_WAITS_MINUTES = 10;

/**
 * The board's warning for an accepted order whose courier is on the way: "Dev will wait about 7
 * min: the food is due at 7:45 PM" when the kitchen's ready time comes well after the courier's
 * arrival, "The food will wait about 12 min for Dev" when it comes well before; null when they
 * meet, before a courier or a position, or once the food is ready.
 */
export function courierTimingNote(
  courier: OrderCourier | undefined,
  delivery: OrderDelivery | undefined,
  estimatedReadyAt: string | null,
  now: number,
  timeZone?: string,
): string | null {
  if (!courier || !delivery || delivery.state !== "assigned" || delivery.distanceKm === undefined || !estimatedReadyAt) return null;
  const arrives = now + rideMinutesOf(delivery.distanceKm) * 60_000;
  const gap = Math.round((new Date(estimatedReadyAt).getTime() - arrives) / 60_000);
  if (gap > COURIER_WAITS_MINUTES) return `${courier.firstName} will wait about ${gap} min: the food is due at ${formatTime(estimatedReadyAt, timeZone)}`;
  if (-gap > FOOD_WAITS_MINUTES) return `The food will wait about ${-gap} min for ${courier.firstName}`;
  return null;
}

/**
 * Why "Picked up" waits for a confirmation: the kitchen has not marked the order ready. The API's
 * 409 (under `errors.handedOver`) and the courier app's question say it the same way, with the
 * kitchen's ready time in the restaurant's zone.
 */
export function notReadyText(orderId: number, readyAt: string | Date | null, timeZone?: string): string {
  const expected = readyAt ? ` the kitchen expects it at ${formatTime(readyAt, timeZone)}.` : "";
  return `Order #${orderId} is not marked ready yet:${expected || " the kitchen is still on it."} Mark it picked up only once the kitchen hands it to you, and confirm they did.`;
}

const failedLine = (delivery: NonNullable<OrderDelivery>) => `Delivery failed${delivery.failureReason ? `: ${delivery.failureReason}` : ""}`;

/** Whole seconds from `now` until `expiresAt`, never below 0. */
export function secondsLeft(expiresAt: string, now: number): number {
  return secondsUntil(new Date(expiresAt).getTime(), now);
}

/** Whole seconds from `now` until `end` (both ms on one clock), never below 0. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** The countdown's words, as its badge shows them: "13 seconds left to accept". */
export function secondsLeftText(seconds: number): string {
  return seconds <= 0 ? "The offer has expired" : `${seconds} ${seconds === 1 ? "second" : "seconds"} left to accept`;
}

/** "0:25", "1:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * What a screen reader is told of an offer's countdown: the time left when the offer arrives,
 * then only at 20, 10 and 5 seconds (a politely announced clock ticking every second would drown
 * everything else), and when it runs out. null: say nothing new.
 */
export function countdownAnnouncement(seconds: number, first: boolean): string | null {
  if (seconds <= 0 || first || [20, 10, 5].includes(seconds)) return secondsLeftText(seconds);
  return null;
}
