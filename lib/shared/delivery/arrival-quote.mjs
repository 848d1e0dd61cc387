// @ts-check
// The arrival quoted before ordering (docs/architecture/order-stages.md "Arrival window"): for one
// restaurant and the visitor's address, the range in minutes after placing an order now, from the
// kitchen's queue and prep time (busy mode, capacity), the ride at the dispatch model's courier
// speed, and the couriers free near the restaurant. Pure arithmetic over plain data, no clock, no
// database: the server (lib/server/orders/arrival-quotes.ts reads the inputs with indexed
// counts) and the dispatch simulation (bench/scenarios/dispatch.mjs, which measures how many
// deliveries land inside their range) call the same function. Plain JavaScript with JSDoc types
// so Node 20 runs it as it is in the bench; `npm run typecheck` checks it.
//
// The expected minutes: the restaurant accepting, the kitchen (its prep time, the busy minutes,
// a pause's minutes until it reopens, and the orders ahead of this one beyond what it cooks at
// once, at its capacity's pace), a courier's wait when none is free nearby, the ride, and the
// hand-over. The range is a quarter hour (the spec's width: standard 20-35 min) on whole five
// minutes around it. Without an address the spec's range stands (lib/shared/delivery/delivery-estimate.ts);
// with one, a kitchen of the demo's (20 minutes' prep, idle) and an address within about 1.5 km
// quotes exactly the spec's "20-35 min" (priority "15-30 min"), so the spec's screens read as
// before with the demo's data, and a quicker kitchen or a nearer door may quote earlier.

/**
 * What the quote reads of one restaurant and one address.
 * @typedef {object} QuoteInput
 * @property {number} prepMinutes the kitchen's prep time for one order (the restaurant's default prep)
 * @property {number} [busyMinutes] the minutes the kitchen adds while busy (0 when not)
 * @property {number} [pausedMinutes] minutes until a paused kitchen takes orders again (0 when not paused)
 * @property {number} [queue] orders placed or accepted there and not yet ready (this one not counted)
 * @property {number | null} [capacityPer15] the kitchen's capacity, orders a quarter hour (null: no limit set)
 * @property {number} km restaurant to door, straight line
 * @property {number | null} couriersNear couriers free (on shift, holding no job) near the restaurant; null: no courier on shift near it at all (the restaurant delivers itself: no wait for one)
 * @property {"standard" | "priority"} [option]
 */

/** The model's settings: tuned on the dispatch simulation (`npm run bench -- --dispatch`). */
export const QUOTE_SETTINGS = Object.freeze({
  /** The dispatch model's courier speed over straight lines (lib/shared/delivery/delivery.ts COURIER_SPEED_KMH; the matching's speedKmh). */
  speedKmh: 15,
  /** The restaurant accepting the order. */
  acceptMinutes: 2,
  /** The courier parking, walking in and out: at the restaurant and at the door. */
  handoverMinutes: 3,
  /** Orders a kitchen cooks at once: the queue beyond them waits its turn. */
  parallel: 3,
  /** A kitchen's pace without a capacity set: orders a quarter hour. */
  defaultPer15: 6,
  /** The wait for a courier when none is free near the restaurant (the matching widens its search as a job waits). */
  noCourierMinutes: 3,
  /** ... and when only one is (another order may take them first). */
  oneCourierMinutes: 1,
  /** A free courier this close to the restaurant counts as near. */
  nearKm: 3,
  /** The range starts this many minutes before the expected time (before rounding to five): the simulation's deliveries land 0-10 minutes after the model's time without the hand-over (p10-p90 at 1x). */
  earlyMinutes: 8.5,
  /** The range's width: a quarter hour, as the spec's. */
  widthMinutes: 15,
  /** Priority delivery saves this much (the spec's 15-30 against 20-35). */
  prioritySavesMinutes: 5,
  /** The earliest a range starts. */
  floorMinutes: 10,
});

/** Minutes the ride takes at the model's speed (at least 1). */
export const quoteRideMinutes = (/** @type {number} */ km) => Math.max(1, (km / QUOTE_SETTINGS.speedKmh) * 60);

/**
 * The minutes the kitchen's queue adds: the orders ahead beyond what it cooks at once, at its pace.
 * @param {number} queue
 * @param {number | null | undefined} capacityPer15
 */
export function queueMinutes(queue, capacityPer15) {
  const pace = Math.max(1, capacityPer15 ?? QUOTE_SETTINGS.defaultPer15);
  return (Math.max(0, queue - QUOTE_SETTINGS.parallel + 1) * 15) / pace;
}

/**
 * The expected minutes from placing to the door, unrounded.
 * @param {QuoteInput} input
 */
export function expectedMinutes(input) {
  const s = QUOTE_SETTINGS;
  const kitchen =
    Math.max(0, input.prepMinutes) + Math.max(0, input.busyMinutes ?? 0) + Math.max(0, input.pausedMinutes ?? 0) + queueMinutes(input.queue ?? 0, input.capacityPer15);
  const near = input.couriersNear;
  const courier = near === null ? 0 : near <= 0 ? s.noCourierMinutes : near === 1 ? s.oneCourierMinutes : 0;
  const priority = input.option === "priority" ? s.prioritySavesMinutes : 0;
  return s.acceptMinutes + kitchen + courier + quoteRideMinutes(input.km) + s.handoverMinutes - priority;
}

/**
 * The range quoted: [min, max] minutes after placing, on whole five minutes, a quarter hour wide.
 * @param {QuoteInput} input
 * @returns {[number, number]}
 */
export function quoteArrival(input) {
  const s = QUOTE_SETTINGS;
  const min = Math.max(s.floorMinutes, Math.round((expectedMinutes(input) - s.earlyMinutes) / 5) * 5);
  return [min, min + s.widthMinutes];
}

/**
 * Where a delivery landed against its promise: "early" before the range, "inside", "late" after it.
 * @param {number} actual minutes placed to delivered
 * @param {number} min
 * @param {number} max
 * @returns {"early" | "inside" | "late"}
 */
export const promiseVerdict = (actual, min, max) => (actual < min ? "early" : actual > max ? "late" : "inside");
