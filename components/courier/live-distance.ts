import { distanceKm, roundKm, type Point } from "@/lib/shared/delivery/delivery";
import type { CourierJob } from "./types";

/**
 * How far the job's next stop is (the restaurant, or the drop-off once picked up), measured from
 * the courier's newest fix on this phone when there is one (so the figure follows them as they
 * ride), else the server's figure from the last position it took; rounded as the server rounds.
 */
export function liveDistanceKm(job: CourierJob, fix: Point | null): number | null {
  if (!fix) return job.distanceKm;
  const next = job.state === "picked_up" && "lat" in job.dropoff ? job.dropoff : job.restaurant;
  return roundKm(distanceKm(fix, next));
}
