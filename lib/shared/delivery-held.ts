import type { JobState } from "./delivery";

/**
 * A courier holds the job (counts toward COURIER_MAX_JOBS; the owner cannot move the order's
 * delivery steps). Its own module: the owner's board reads it without the rest of
 * lib/shared/delivery.ts in its first load (bench/first-load-js.mjs).
 */
export const HELD_STATES: readonly JobState[] = ["assigned", "at_pickup", "picked_up"];
