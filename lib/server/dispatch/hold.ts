import "server-only";
import { config } from "../platform/config";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { releaseJobSlot, takeJobSlot } from "./queries/couriers";
import { said } from "@/lib/shared/words/said";

// CourierState.activeJobs counts the jobs a courier holds (assigned, at_pickup, picked_up): one
// conditional increment when they take one (never past COURIER_MAX_JOBS), one decrement when
// it ends or is released.

export const tooManyJobs = (max: number) => said("messages.tooManyJobs", { max });

/** One more job held, or a 409 when the courier is at the limit (or has no state: never on shift). */
export async function holdJob(sql: Sql, courierId: number, now: Date, message = tooManyJobs(config().dispatch.courierMaxJobs)): Promise<void> {
  const max = config().dispatch.courierMaxJobs;
  if (!(await takeJobSlot(sql, courierId, now, max))) throw conflict(message);
}

/** One job fewer held. */
export async function releaseHold(sql: Sql, courierId: number, now: Date): Promise<void> {
  await releaseJobSlot(sql, courierId, now);
}
