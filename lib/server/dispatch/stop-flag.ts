import "server-only";

// A job's stop flag, as the job keeps it (courier-steps/at-stop.ts writes it): a step the courier
// confirmed away from its stop is recorded in `flagReason` as "<step> ..." (several joined by
// "; "). Read here, beside the job, by the order's delivery JSON and the wait pay alike.

export type StopStep = "arrived" | "picked_up" | "delivered";

export const STEP_NAME: Record<StopStep, string> = { arrived: "arrived", picked_up: "picked up", delivered: "delivered" };
export const STOP_NAME: Record<StopStep, string> = { arrived: "the restaurant", picked_up: "the restaurant", delivered: "the drop-off" };

/** Whether the job's arrival at the restaurant was marked away from it (confirmed anyway, flagged): such a wait earns no wait pay. */
export const arrivedAway = (flagReason: string | null): boolean =>
  flagReason !== null && flagReason.split("; ").some((reason) => reason.startsWith(`${STEP_NAME.arrived} `));
