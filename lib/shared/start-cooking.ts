import type { Messages } from "@/lib/i18n/words";
import { rideMinutesOf } from "./arrival";
import { fill } from "./fill";
import type { OrderDelivery } from "./delivery";

// "Start cooking when the courier is N minutes away" (docs/architecture/kitchen.md "Start cooking
// when the courier is near"): a restaurant's setting, off by default, for food that should not sit
// waiting for its courier. The board's cue on each accepted delivery order says when to start, from
// the courier's arrival by the customer's model, or, before a courier is on the way, from the ready
// time the kitchen promised (accepted plus the order's prep time: the time dispatch aims the courier at).

/** The owner's choice: 1 to 60 minutes (the column's CHECK), or null: off. */
export const START_COOKING_LIMITS = { min: 1, max: 60 } as const;

const MINUTE = 60_000;

/** When the courier walks in, as ms on the board's clock; null when the order's facts say nothing of it. */
export function courierArrivalAt(delivery: OrderDelivery | undefined, estimatedReadyAt: string | null, now: number): number | null {
  if (delivery && delivery.state === "at_pickup") return now;
  if (delivery && delivery.state === "assigned" && delivery.distanceKm !== undefined) return now + rideMinutesOf(delivery.distanceKm) * MINUTE;
  // Picked up (handed over early), delivered, failed or canceled: nothing left to time.
  if (delivery && !["unassigned", "offered", "assigned"].includes(delivery.state)) return null;
  return estimatedReadyAt ? new Date(estimatedReadyAt).getTime() : null;
}

/**
 * The board's cue for an accepted delivery order: "Start cooking in ~6 min" until the courier is
 * `leadMinutes` away, then "Start cooking now"; null when the setting is off or nothing says when
 * the courier comes.
 */
export function startCookingCue(
  leadMinutes: number | null,
  delivery: OrderDelivery | undefined,
  estimatedReadyAt: string | null,
  now: number,
  words: Pick<Messages["lines"]["cue"], "startIn" | "startNow"> = START_WORDS,
): { inMinutes: number; text: string } | null {
  if (leadMinutes === null) return null;
  const arrival = courierArrivalAt(delivery, estimatedReadyAt, now);
  if (arrival === null) return null;
  const inMinutes = Math.max(0, Math.ceil((arrival - leadMinutes * MINUTE - now) / MINUTE));
  return { inMinutes, text: inMinutes ? fill(words.startIn, { minutes: inMinutes }) : words.startNow };
}

/** startCookingCue's English (the catalogue's lines.cue, held equal by lib/shared/lines.test.ts). */
export const START_WORDS = { startIn: "Start cooking in ~{minutes} min", startNow: "Start cooking now" };
