import "server-only";
import { config } from "../platform/config";
import type { Cadence } from "./job";

/**
 * The accept timeout's short period, ORDER_EXPIRY_SWEEP_MS: by default a quarter of the accept
 * timeout, between 1 and 30 s (lib/edge/setting-readers.ts); the tests' servers set 250 ms.
 */
export const orderExpiryCadence: Cadence = {
  label: "every ORDER_EXPIRY_SWEEP_MS (a quarter of ORDER_ACCEPT_MINUTES, 1-30 s)",
  everyMs: () => config().orderExpirySweepMs,
};

/** Housekeeping: a minute after start-up (not in the start's rush), then hourly. */
export const hourlyCadence: Cadence = { label: "a minute after start-up, then hourly", everyMs: () => 3600_000, firstAfterMs: 60_000 };

/** A late order's notice: every 30 s, so a customer hears of it within half a minute of the window's end. */
export const lateOrdersCadence: Cadence = { label: "every 30 s", everyMs: () => 30_000 };

/** A ready order no courier can be sent to (orders/undispatched.ts): looked for every 30 s, canceled once it has waited 5 minutes. */
export const undispatchedCadence: Cadence = { label: "every 30 s", everyMs: () => 30_000 };
