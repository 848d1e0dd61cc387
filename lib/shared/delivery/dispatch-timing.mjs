// @ts-check
// When a waiting job is offered (docs/architecture/dispatch-matching.md "Aimed at the food"): one
// rule for dispatch and the kitchen's board. The courier is meant to walk into the restaurant when
// the food is ready (the kitchen's ready time: acceptance plus its prep minutes, or now once marked
// ready), so a job is offered once the soonest courier who may take it would get there no more
// than DISPATCH_EARLY_MINUTES before that: sent earlier, they would stand at the counter
// (lib/server/dispatch/offer.ts jobsDue). Until a courier holds the job, the board's "Start
// cooking" counts from that aimed arrival (lib/shared/kitchen/start-cooking.ts); then from the courier's
// own. Plain JavaScript with JSDoc types, as the matching: the bench's simulation may run it too.

/**
 * When dispatch means a courier to walk into the restaurant: the food's ready time, never before now (ms).
 * @param {number} readyAt @param {number} now
 */
export function aimedArrival(readyAt, now) {
  return Math.max(readyAt, now);
}

/**
 * Whether a job is offered now: its soonest courier (of those who may take it) would reach the
 * restaurant no more than `earlyMinutes` before the food is ready (ms; Infinity when nobody may
 * take it yet: the matching then finds nobody either).
 * @param {number} readyAt @param {number} soonestArrival @param {number} earlyMinutes
 */
export function offerDue(readyAt, soonestArrival, earlyMinutes) {
  return soonestArrival >= readyAt - earlyMinutes * 60_000;
}
