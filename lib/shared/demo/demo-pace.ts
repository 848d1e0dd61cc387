import { COURIER_SPEED_KMH, MAX_COURIER_SPEED_KMH } from "../delivery/delivery";

// The demo's pace (docs/architecture/kitchen.md "The demo kitchen", couriers.md "The demo"): how
// long the simulated owners and couriers take, DEMO_SPEED times faster than real life (default 1;
// the demo journey's test runs its own server at 300). The rides stay under the position check's
// plausible speed (MAX_COURIER_SPEED_KMH) and a courier reports at most once a second, as any
// courier's phone must: a faster demo cooks and waits faster, it cannot ride faster than that.

/** A demo courier's ride never implies more than this (the position check drops points above 200 km/h). */
export const DEMO_RIDE_CAP_KMH = 0.9 * MAX_COURIER_SPEED_KMH;

export type DemoPace = {
  /** How long a demo restaurant's new order waits for a person before the simulated owner takes it. */
  idleMs: number;
  /** How often the demo kitchen looks. */
  kitchenEveryMs: number;
  /** A simulated courier's step: one position report (at most one a second) and this far at most. */
  stepMs: number;
  stepKm: number;
  /** A courier at the restaurant picks the order up when it is ready, or after this long. */
  pickupWaitMs: number;
  /** When the simulated owner marks an order accepted at `acceptedAt`, due at `estimatedReadyAt`, ready. */
  readyAt: (order: { acceptedAt: Date; estimatedReadyAt: Date }) => Date;
};

export function demoPace(speed = 1): DemoPace {
  if (!(speed >= 1)) throw new Error(`the demo's speed must be at least 1, got ${speed}`);
  const stepMs = Math.max(1_000, Math.round(5_000 / speed));
  const kmh = Math.min(COURIER_SPEED_KMH * speed, DEMO_RIDE_CAP_KMH);
  return {
    idleMs: Math.round(60_000 / speed),
    kitchenEveryMs: Math.max(250, Math.round(5_000 / speed)),
    stepMs,
    stepKm: (kmh * stepMs) / 3_600_000,
    pickupWaitMs: Math.round(120_000 / speed),
    readyAt: ({ acceptedAt, estimatedReadyAt }) => new Date(acceptedAt.getTime() + (estimatedReadyAt.getTime() - acceptedAt.getTime()) / speed),
  };
}
