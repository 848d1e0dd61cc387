import "server-only";
import { config } from "../platform/config";
import type { Tx } from "../platform/db";

// Releases (docs/architecture/dispatch-matching.md "Releases"): accepting a job
// shows its street address, so a courier who gives back accepted jobs more than
// COURIER_RELEASES_PER_HOUR times in an hour is offered no job for COURIER_RELEASE_PAUSE_MINUTES.
// The count runs in a window opened by the first release (an hour long); operators see the pause
// on /admin/couriers.

const HOUR_MS = 3600_000;

/** Counts a release inside releaseJob's transaction (the courier's state row, updated in place); pauses their offers past the limit. */
export async function countRelease(tx: Tx, courierId: number, now: Date): Promise<void> {
  const state = await tx.courierState.findUnique({ where: { userId: courierId }, select: { releaseCount: true, releaseWindowAt: true } });
  if (!state) return;
  const { releasesPerHour, releasePauseMinutes } = config().dispatch;
  const inWindow = state.releaseWindowAt !== null && now.getTime() - state.releaseWindowAt.getTime() < HOUR_MS;
  const count = inWindow ? state.releaseCount + 1 : 1;
  await tx.courierState.update({
    where: { userId: courierId },
    data: {
      releaseCount: count,
      ...(inWindow ? {} : { releaseWindowAt: now }),
      ...(count > releasesPerHour ? { releasePausedUntil: new Date(now.getTime() + releasePauseMinutes * 60_000) } : {}),
    },
  });
}

/** Until when the courier's offers are paused for releasing too often, or null. */
export const releasePauseOf = (state: { releasePausedUntil: Date | null } | null | undefined, now: Date): Date | null =>
  state?.releasePausedUntil && state.releasePausedUntil > now ? state.releasePausedUntil : null;
