// @ts-check
// The earlier dispatch policy, kept for the simulation's comparison (bench/scenarios/dispatch.mjs):
// the matching itself is lib/shared/delivery/dispatch-matching.mjs.
import { km, MATCH_SETTINGS } from "../../lib/shared/delivery/dispatch-matching.mjs";

/** @typedef {import("../../lib/shared/delivery/dispatch-matching.mjs").MatchJob} MatchJob */
/** @typedef {import("../../lib/shared/delivery/dispatch-matching.mjs").MatchCourier} MatchCourier */
/** @typedef {import("../../lib/shared/delivery/dispatch-matching.mjs").MatchOffer} MatchOffer */
/** @typedef {import("../../lib/shared/delivery/dispatch-matching.mjs").MatchSettings} MatchSettings */

/**
 * The earlier policy, for the simulation's comparison: the waiting jobs oldest first, each
 * offered alone to the nearest courier with no offer yet this tick (within the radius).
 * @param {readonly MatchJob[]} jobs
 * @param {readonly MatchCourier[]} couriers
 * @param {MatchSettings} [settings]
 * @returns {MatchOffer[]}
 */
export function todaysOffers(jobs, couriers, settings = MATCH_SETTINGS) {
  const taken = new Set();
  /** @type {MatchOffer[]} */
  const offers = [];
  for (const job of [...jobs].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    /** @type {{ courier: MatchCourier, distance: number } | null} */
    let nearest = null;
    for (const courier of couriers) {
      if (taken.has(courier.id) || courier.capacity < 1 || job.excluded?.includes(courier.id)) continue;
      const distance = km(courier.at, job.pickup);
      if (distance <= settings.radiusKm && (!nearest || distance < nearest.distance)) nearest = { courier, distance };
    }
    if (!nearest) continue;
    taken.add(nearest.courier.id);
    offers.push({ courierId: nearest.courier.id, jobIds: [job.id], cost: nearest.distance });
  }
  return offers;
}
