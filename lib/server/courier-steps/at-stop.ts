import "server-only";
import type { DeliveryJob } from "@/lib/generated/prisma/client";
import { distanceKm, FRESH_POSITION_MS, roundKm, type Point } from "@/lib/shared/delivery/delivery";
import { config } from "../platform/config";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { courierFix } from "../dispatch/queries/couriers";
import { flagJob } from "../dispatch/queries/jobs";
import { takeStepFix, type PositionPoint } from "../dispatch/positions";
import type { StopStep, StoredFlag } from "@/lib/shared/words/stored-texts";
import { said } from "@/lib/shared/words/said";

// Steps at a stop (docs/architecture/stops-and-messages.md "Steps at a stop"): "arrived" and
// "picked up" at the restaurant, "delivered" at the drop-off. Each needs the courier's position to
// be recent (FRESH_POSITION_MS, 2 minutes) and near the stop: within DELIVERY_STOP_MARGIN_M (250 m)
// plus the position's reported accuracy. The app sends its newest fix with the step (`position`,
// the one its card's distance follows), so the check and the card agree whatever the last report
// was. Without one the step is refused (409, a message the courier reads beside the button, also
// under `errors.position`); the courier may confirm it anyway
// (`{ confirm: true }`), and the job is then flagged: an operator sees why, and a flagged delivery's
// pay waits in clearing for the operator's decision (ledger/orders.ts settleOrder, operators/deliveries.ts).

/** The operator's line of a step confirmed away from its stop (the job's flags: written in the reader's words, lib/shared/words/stored-texts.ts flagText). */
export const NO_POSITION_FLAG = (step: StopStep): StoredFlag => ({ key: "noPosition", values: { step } });
export const AWAY_FLAG = (step: StopStep, metres: number, accuracyM: number): StoredFlag => ({ key: "away", values: { step, distance: metres, accuracy: accuracyM } });

/** The courier's message, said (server.errors.messages): "Nosh has no recent position for you: ... then mark it arrived again". */
const NO_RECENT_POSITION = (step: StopStep) => said("messages.noRecentPosition", { step });
/** "You are 1.2 km from the drop-off: mark it delivered when you are there" ("350 m" under a kilometre, the reader's decimal mark). */
const TOO_FAR_FROM_STOP = (step: StopStep, km: number) =>
  said("messages.tooFarFromStop", {
    distance: km < 1 ? said("distance.m", { n: Math.max(10, Math.round((km * 1000) / 10) * 10) }) : said("distance.km", { n: roundKm(km) }),
    step,
  });

/** How the step reads the courier's fix: courierFix, or with a write of the same row (the delivered step's release: releaseJobSlotReadingFix). */
type ReadFix = (sql: Sql, courierId: number) => ReturnType<typeof courierFix>;

/**
 * Where the courier is for the step: the newer of their last position and the fix the step sent
 * (the phone's newest, the one the card's distance is measured from: takeStepFix dates it and
 * keeps it in the track when the track's rules take it), or null without a recent one.
 */
async function positionForStep(sql: Sql, courierId: number, sent: PositionPoint | null, now: Date, seen?: (point: Point | null) => void, readFix: ReadFix = courierFix) {
  const state = await readFix(sql, courierId);
  // Where the courier is kept as (the step's answer measures from it: dispatch/read.ts jobJson), when no fix came to move it.
  if (!sent) seen?.(state && state.lat !== null && state.lng !== null ? { lat: state.lat, lng: state.lng } : null);
  const stored =
    state && state.lat !== null && state.lng !== null && state.positionAt ? { lat: state.lat, lng: state.lng, accuracy: state.accuracy, at: state.positionAt } : null;
  const phone = sent ? await takeStepFix(sql, courierId, sent, stored, now) : null;
  const newest = phone && (!stored || phone.at >= stored.at) ? phone : stored;
  return newest && now.getTime() - newest.at.getTime() <= FRESH_POSITION_MS ? newest : null;
}

/** Why the step is not shown to be at its stop (a message for the courier, a line for the operator), or null when it is. */
export async function awayFromStop(
  sql: Sql,
  courierId: number,
  job: DeliveryJob,
  step: StopStep,
  now: Date,
  sent: PositionPoint | null = null,
  seen?: (point: Point | null) => void,
  readFix?: ReadFix,
): Promise<{ message: string; flag: StoredFlag } | null> {
  const stop = step === "delivered" ? { lat: job.dropoffLat, lng: job.dropoffLng } : { lat: job.pickupLat, lng: job.pickupLng };
  const state = await positionForStep(sql, courierId, sent, now, seen, readFix);
  if (!state) return { message: NO_RECENT_POSITION(step), flag: NO_POSITION_FLAG(step) };
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
 * flagged (the first flag's time kept, each step's reason added). Returns the courier's point as
 * kept (courierPoint's, for the step's answer), or undefined when the step's fix may have moved it.
 */
export async function checkAtStop(
  sql: Sql,
  courierId: number,
  job: DeliveryJob,
  step: StopStep,
  confirm: boolean,
  now: Date,
  sent: PositionPoint | null = null,
  readFix?: ReadFix,
): Promise<Point | null | undefined> {
  let point: Point | null | undefined;
  const away = await awayFromStop(sql, courierId, job, step, now, sent, (seen) => (point = seen), readFix);
  if (!away) return point;
  if (!confirm) throw conflict(away.message, { position: away.message });
  await flagJob(sql, job.id, away.flag, now);
  return point;
}
