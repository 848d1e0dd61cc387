import "server-only";
import { checkAtStop } from "./at-stop";
import type { Courier } from "../dispatch/courier";
import type { PositionPoint } from "../dispatch/positions";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "../dispatch/events";
import { jobJson, type JobJson } from "../dispatch/read";
import { courierJobMove, wrongJobState } from "../dispatch/transition";

/** assigned -> at_pickup: the courier is at the restaurant (a recent position near it, the app's fix `position` among them, or `confirm`ed and flagged: at-stop.ts). */
export function arrivedAtPickup(courier: Courier, jobId: number, now = new Date(), confirm = false, position: PositionPoint | null = null): Promise<JobJson> {
  return courierJobMove(
    courier,
    jobId,
    { from: ["assigned"], data: { state: "at_pickup", arrivedAt: now }, conflict: (current) => wrongJobState(current, "markedArrived") },
    async ({ sql, job }) => {
      const at = await checkAtStop(sql, courier.id, job, "arrived", confirm, now, position);
      await insertOrderEvents(sql, [orderEvent(job, "courier_arrived")], now);
      return jobJson(sql, job.id, courier.id, at);
    },
  );
}
