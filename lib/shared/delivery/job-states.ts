// A delivery job's states (docs/architecture/couriers.md): their own module, so the owner's board
// reads which states a courier holds without the rest of lib/shared/delivery/delivery.ts in its first load
// (bench/first-load-js.mjs). lib/shared/delivery/delivery.ts re-exports them.

/** A delivery job's states, in the order a delivery goes through them. */
export const JOB_STATES = ["unassigned", "offered", "assigned", "at_pickup", "picked_up", "delivered", "failed", "canceled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A courier holds the job (counts toward COURIER_MAX_JOBS; the owner cannot move the order's delivery steps). */
export const HELD_STATES: readonly JobState[] = ["assigned", "at_pickup", "picked_up"];
