import type { Locale } from "@/lib/i18n/locale";
import type { Messages } from "@/lib/i18n/words";
import { rideMinutesOf } from "./arrival";
import { fill } from "../words/fill";
import { failureText, type ReasonWords } from "../words/stored-texts";
import { formatTime } from "../time/format-date";
import { distanceIn, type UnitWords } from "./distance";
import { SEARCHING_STATES, type OrderCourier, type OrderDelivery } from "./delivery";
import { said, saidTime } from "../words/said";

// What the screens say about a delivery: the owner's board line, the courier app's offer
// countdown (the customer's lines: customer-delivery-text.ts). Plain module (pages and tests import it).

/**
 * The board's courier lines in the reader's language: the catalogue's lines.board and
 * courier.units, from the server, with the times' language. `reasons`: a failed delivery's
 * reason's words (server.storedTexts.choices); the API's English without.
 */
export type BoardLines = { board: Messages["lines"]["board"]; units: UnitWords; locale?: Locale; reasons?: ReasonWords };

/**
 * The owner's line for a delivery order: "A courier will be sent to arrive at 8:17 PM, when the
 * food is ready" (not offered yet, `cooking`: the ready time on the board's clock), "Finding a courier", "Dev arrives in about 5 min, 1.2 km"
 * (or "Dev is heading to the restaurant" with no position), "Dev arrived 12:03 PM", "Picked up by Dev" (taken before the kitchen marked it
 * ready: "Handed to Dev early: ..."); null for a pickup order or a delivery
 * with no job. While a courier holds the job, the board shows it where the "Out for delivery" and
 * "Delivered" buttons were (the courier owns those steps).
 */
export function courierStatusLine(
  courier: OrderCourier | undefined,
  delivery: OrderDelivery | undefined,
  timeZone: string | undefined,
  { board: w, units, locale, reasons }: BoardLines,
  cooking?: { readyAt: string | null; now: number },
): string | null {
  if (!delivery) return null;
  // Not offered yet while the food is a while off: dispatch sends a courier to arrive with it (lib/shared/delivery/dispatch-timing.mjs).
  const readyAt = cooking?.readyAt ? Date.parse(cooking.readyAt) : null;
  if (delivery.state === "unassigned" && !delivery.gaveUp && readyAt !== null && readyAt - cooking!.now > 60_000) {
    return fill(w.sentFor, { time: formatTime(cooking!.readyAt!, timeZone, locale) });
  }
  const name = courier?.firstName;
  const failed = () => {
    const reason = failureText(delivery, reasons);
    return reason ? fill(w.failedWhy, { reason }) : w.failed;
  };
  if (SEARCHING_STATES.includes(delivery.state) || !name) {
    return delivery.state === "failed" ? failed() : delivery.state === "canceled" ? null : w.finding;
  }
  switch (delivery.state) {
    case "assigned":
      // The customer's model (rideMinutesOf: a bike's speed from the courier's last position).
      return delivery.distanceKm === undefined
        ? fill(w.heading, { name })
        : fill(w.arrives, { name, minutes: rideMinutesOf(delivery.distanceKm), distance: distanceIn(delivery.distanceKm, units, delivery.distanceUnit) });
    case "at_pickup":
      return delivery.arrivedAt ? fill(w.arrived, { name, time: formatTime(delivery.arrivedAt, timeZone, locale) }) : fill(w.atRestaurant, { name });
    case "picked_up":
      return fill(delivery.handedOverEarly ? w.handedEarly : w.pickedUp, { name });
    case "delivered":
      return fill(delivery.handedOverEarly ? w.deliveredEarly : w.delivered, { name });
    case "failed":
      return failed();
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
  timeZone: string | undefined,
  { board: w, locale }: Pick<BoardLines, "board" | "locale">,
): string | null {
  if (!courier || !delivery || delivery.state !== "assigned" || delivery.distanceKm === undefined || !estimatedReadyAt) return null;
  const arrives = now + rideMinutesOf(delivery.distanceKm) * 60_000;
  const gap = Math.round((new Date(estimatedReadyAt).getTime() - arrives) / 60_000);
  const name = courier.firstName;
  if (gap > COURIER_WAITS_MINUTES) return fill(w.courierWaits, { name, minutes: gap, time: formatTime(estimatedReadyAt, timeZone, locale) });
  if (-gap > FOOD_WAITS_MINUTES) return fill(w.foodWaits, { name, minutes: -gap });
  return null;
}

/** Whole seconds from `now` until `end` (both ms on one clock), never below 0. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** An offer's countdown's words (the catalogue's courier.offer). */
export type CountdownWords = Pick<Messages["courier"]["offer"], "expiredText" | "secondLeft" | "secondsLeft">;

/** The countdown's words, as its badge shows them: "13 seconds left to accept", in `w`'s language. */
export function secondsLeftText(seconds: number, w: CountdownWords): string {
  return seconds <= 0 ? w.expiredText : fill(seconds === 1 ? w.secondLeft : w.secondsLeft, { seconds });
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
export function countdownAnnouncement(seconds: number, first: boolean, w: CountdownWords): string | null {
  if (seconds <= 0 || first || [20, 10, 5].includes(seconds)) return secondsLeftText(seconds, w);
  return null;
}

/**
 * Why "Picked up" waits for a confirmation: the kitchen has not marked the order ready. The API's
 * 409 (under `errors.handedOver`) as the catalogue's lines.notReady say it, with the kitchen's ready
 * time in the restaurant's zone.
 */
export function notReadySaid(orderId: number, readyAt: string | Date | null, timeZone: string): string {
  const why = readyAt ? said("lines.notReady.expects", { time: saidTime(readyAt, timeZone) }) : said("lines.notReady.stillOn");
  return said("lines.notReady.sentence", { id: orderId, why });
}
