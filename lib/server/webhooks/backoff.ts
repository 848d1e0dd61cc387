// When a failed webhook delivery is tried again (docs/architecture/webhooks.md "Delivery"):
// exponential from RETRY_BASE_MS, doubled each attempt up to RETRY_CAP_MS, with "equal jitter"
// (half the delay fixed, half random) so receivers coming back are not hit by every sender at
// once; a message is given up a day after it was made, and an endpoint failing for a day is
// disabled. Pure.

export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 60 * 60_000;
export const RETRY_FOR_MS = 24 * 3600_000;

/** The wait after the `attempt`-th failed attempt (1-based); `random` in [0, 1). */
export function retryDelayMs(attempt: number, random: number = Math.random()): number {
  const full = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(full / 2 + (random * full) / 2);
}

/** The next attempt's time after a failure, or null: the message is a day old by then (given up). */
export function nextAttemptAt(createdAt: Date, attempt: number, now: Date, random: number = Math.random()): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempt, random));
  return next.getTime() - createdAt.getTime() > RETRY_FOR_MS ? null : next;
}

/** Whether an endpoint failing since `failingSince` has failed for a day (it is then disabled). */
export const failedForADay = (failingSince: Date | null, now: Date) => failingSince !== null && now.getTime() - failingSince.getTime() >= RETRY_FOR_MS;
