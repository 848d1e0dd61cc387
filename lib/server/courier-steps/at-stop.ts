import "server-only";
import type { DeliveryJob } from "@/lib/generated/prisma/client";
import { distanceKm, FRESH_POSITION_MS } from "@/lib/shared/delivery";
import { formatDistance } from "@/lib/shared/delivery-text";
import { config } from "../platform/config";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { courierFix } from "../dispatch/queries/couriers";
import { flagJob } from "../dispatch/queries/jobs";
import { STEP_NAME, STOP_NAME, type StopStep } from "../dispatch/stop-flag";

// Steps at a stop (docs/architecture/stops-and-messages.md "Steps at a stop"): "arrived" and "picked up" at
// the restaurant, "delivered" at the drop-off. Each needs the courier's last position to be recent
// (FRESH_POSITION_MS, 2 minutes) and near the stop: within DELIVERY_STOP_MARGIN_M (250 m) plus the
// position's reported accuracy. Without one the step is refused (409, a message the courier reads
// beside the button, also under `errors.position`); the courier may confirm it anyway
// (`{ confirm: true }`), and the job is then flagged: an operator sees why, and a flagged delivery's
// pay waits in clearing for the operator's decision (ledger/orders.ts settleOrder, operators/deliveries.ts).

/** The operator's lines of a step confirmed away from its stop (the job's flagReason; read in the reader's words by web/stored-texts.ts flagReasonIn). */
export const NO_POSITION_FLAG = (step: StopStep) => `${STEP_NAME[step]} with no position in the last 2 minutes`;
export const AWAY_FLAG = (step: StopStep, metres: number, accuracyM: number) =>
  `${STEP_NAME[step]} ${metres} m from ${STOP_NAME[step]} (position accuracy ${accuracyM} m)`;

export const NO_RECENT_POSITION = (step: StopStep) =>
  `Nosh has no recent position for you: allow location for this site and keep the app open, then mark it ${STEP_NAME[step]} again`;
export const TOO_FAR_FROM_STOP = (step: StopStep, km: number) => `You are ${formatDistance(km)} from ${STOP_NAME[step]}: mark it ${STEP_NAME[step]} when you are there`;

/** Why the step is not shown to be at its stop (a message for the courier, a line for the operator), or null when it is. */
export async function awayFromStop(sql: Sql, courierId: number, job: DeliveryJob, step: StopStep, now: Date): Promise<{ message: string; flag: string } | null> {
  const stop = step === "delivered" ? { lat: job.dropoffLat, lng: job.dropoffLng } : { lat: job.pickupLat, lng: job.pickupLng };
  const state = await courierFix(sql, courierId);
  const at = state?.positionAt ?? null;
  if (!state || state.lat === null || state.lng === null || !at || now.getTime() - at.getTime() > FRESH_POSITION_MS) {
    return { message: NO_RECENT_POSITION(step), flag: NO_POSITION_FLAG(step) };
  }
  const km = distanceKm({ lat: state.lat, lng: state.lng }, stop);
  const accuracyM = state.accuracy ?? 0;
  if (km * 1000 <= config().dispatch.stopMarginM + accuracyM) return null;
  return {
    message: TOO_FAR_FROM_STOP(step, km),
    flag: AWAY_FLAG(step, Math.round(km * 1000), Math.round(accuracyM)),
  };
}

/**
 * In the step's transaction, after the job moved: nothing when the courier is at the stop; a 409
 * (the transaction rolls the move back) when not and not confirmed; when confirmed, the job is
 * flagged (the first flag's time kept, each step's reason added).
 */
export async function checkAtStop(sql: Sql, courierId: number, job: DeliveryJob, step: StopStep, confirm: boolean, now: Date): Promise<void> {
  const away = await awayFromStop(sql, courierId, job, step, now);
  if (!away) return;
  if (!confirm) throw conflict(away.message, { position: away.message });
  await flagJob(sql, job.id, away.flag, now);
}
