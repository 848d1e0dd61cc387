import type { Messages } from "@/lib/i18n/words";
import { rideMinutesOf } from "../delivery/arrival";
import { aimedArrival } from "../delivery/dispatch-timing.mjs";
import { fill } from "../words/fill";
import type { OrderDelivery } from "../delivery/delivery";

// "Start cooking when the courier is N minutes away" (docs/architecture/kitchen.md "Start cooking
// when the courier is near"): a restaurant's setting, off by default, for food that should not sit
// waiting for its courier. The board's cue on each accepted delivery order says when to start, from
// the courier's arrival: before a courier holds the job, the arrival dispatch aims them at (the
// food's ready time: lib/shared/delivery/dispatch-timing.mjs, the rule that times the offer); once one is on
// the way, their ride by the customer's model; once they are at the restaurant, now.

/** The owner's choice: 1 to 60 minutes (the column's CHECK), or null: off. */
export const START_COOKING_LIMITS = { min: 1, max: 60 } as const;

const MINUTE = 60_000;

type CueWords = Pick<Messages["lines"]["cue"], "startIn" | "startNow" | "aimed" | "coming" | "here">;

/** Whose arrival the cue counts from: the one dispatch aims at, a courier on the way, or one at the restaurant. */
type Arrival = { at: number; courier: "aimed" | "coming" | "here"; rideMinutes?: number };

/** When the courier walks in, as ms on the board's clock; null when the order's facts say nothing of it. */
export function courierArrival(delivery: OrderDelivery | undefined, estimatedReadyAt: string | null, now: number): Arrival | null {
  if (delivery && delivery.state === "at_pickup") return { at: now, courier: "here" };
  if (delivery && delivery.state === "assigned" && delivery.distanceKm !== undefined) {
    const rideMinutes = rideMinutesOf(delivery.distanceKm);
    return { at: now + rideMinutes * MINUTE, courier: "coming", rideMinutes };
  }
  // Picked up (handed over early), delivered, failed or canceled: nothing left to time.
  if (delivery && !["unassigned", "offered", "assigned"].includes(delivery.state)) return null;
  return estimatedReadyAt ? { at: aimedArrival(new Date(estimatedReadyAt).getTime(), now), courier: "aimed" } : null;
}

/**
 * The board's cue for an accepted delivery order: "Start cooking in ~6 min" until the courier is
 * `leadMinutes` away, then "Start cooking now", and why ("(when the courier is 8 min away)", "(Luis
 * arrives in about 6 min)"); with the courier at the restaurant, "Luis is waiting: start cooking
 * now". Null when the setting is off or nothing says when the courier comes.
 */
export function startCookingCue(
  leadMinutes: number | null,
  delivery: OrderDelivery | undefined,
  estimatedReadyAt: string | null,
  now: number,
  words: CueWords = START_WORDS,
  courierName?: string,
): { inMinutes: number; text: string; why: string | null } | null {
  if (leadMinutes === null) return null;
  const arrival = courierArrival(delivery, estimatedReadyAt, now);
  if (arrival === null) return null;
  const name = courierName ?? "";
  if (arrival.courier === "here") return { inMinutes: 0, text: fill(words.here, { name }), why: null };
  const inMinutes = Math.max(0, Math.ceil((arrival.at - leadMinutes * MINUTE - now) / MINUTE));
  const why = arrival.courier === "coming" ? fill(words.coming, { name, minutes: arrival.rideMinutes ?? 0 }) : fill(words.aimed, { minutes: leadMinutes });
  return { inMinutes, text: inMinutes ? fill(words.startIn, { minutes: inMinutes }) : words.startNow, why };
}

/** startCookingCue's English (the catalogue's lines.cue, held equal by lib/shared/kitchen/lines.test.ts). */
export const START_WORDS = {
  startIn: "Start cooking in ~{minutes} min",
  startNow: "Start cooking now",
  aimed: "(when the courier is {minutes} min away)",
  coming: "({name} arrives in about {minutes} min)",
  here: "{name} is waiting: start cooking now",
};
