import type { Messages } from "@/lib/i18n/words";
import { MINUTE, rideMinutes, rideMinutesOf, WINDOW_MINUTES, type ArrivalWindow, type LateFacts } from "./arrival";
import { distanceKm } from "./delivery";
import { fill } from "../words/fill";

// A late order's fresh estimate (docs/architecture/order-stages.md, "Arrival window"), apart from
// arrival.ts, which the pages with cards load first: only the order page reads it, in the reader's
// words (the catalogue's lines.late, from the server).

export type LateWords = Messages["lines"]["late"];
const window = (from: number, to: number): ArrivalWindow => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), scheduled: false });

/** A late order's new window from the facts, and why; `window` null: no time can be said yet ("We're finding a courier"). */
export type LateEstimate = { window: ArrivalWindow | null; why: string };

/**
 * Once the window has passed (runningLate), the page states a new one from what is true now,
 * never the stale one: the kitchen still cooking, its ready time (or now, when that passed too)
 * then the courier's ride; ready with no courier, "We're finding a courier"; picked up, the
 * courier's ride from where they are. The only estimate that reads the clock: its facts are "not
 * yet" facts (not ready, not picked up), which only the clock can date.
 */
export function lateEstimate(order: LateFacts, now: Date | number, w: LateWords): LateEstimate {
  const at = new Date(now).getTime();
  const readyBy = Math.max(at, order.estimatedReadyAt ? new Date(order.estimatedReadyAt).getTime() : at);
  const cooking = order.stage === "placed" || order.stage === "accepted";
  const job = order.pickup ? null : (order.delivery ?? null);
  if (order.pickup) {
    if (!cooking) return { window: null, why: w.ready };
    return { window: window(readyBy, readyBy + WINDOW_MINUTES * MINUTE), why: w.cooking };
  }
  if (job?.state === "picked_up" || order.stage === "out_for_delivery") {
    const minutes = job ? rideMinutesOf(job.distanceKm ?? distanceKm(job.restaurant, job.dropoff)) : WINDOW_MINUTES;
    const start = at + minutes * MINUTE;
    const why = job?.distanceKm !== undefined ? fill(w.away, { km: String(job.distanceKm).replace(".", w.decimal) }) : w.toYou;
    return { window: window(start, start + Math.max(2, Math.round(minutes * 0.2)) * MINUTE), why };
  }
  const held = job && (job.state === "assigned" || job.state === "at_pickup");
  if (!cooking && !held) return { window: null, why: w.finding };
  const courierThere = !job ? readyBy : job.state === "at_pickup" ? at : held ? at + rideMinutesOf(job.distanceKm ?? 0) * MINUTE : readyBy;
  const leaves = Math.max(readyBy, courierThere);
  const start = leaves + (job ? rideMinutes(job.restaurant, job.dropoff) : WINDOW_MINUTES) * MINUTE;
  const why = cooking ? w.cooking : job?.state === "at_pickup" ? w.atRestaurant : w.toRestaurant;
  return { window: window(start, start + WINDOW_MINUTES * MINUTE), why };
}
