import "server-only";
import { notify, type NotificationInput } from "../../notifications/outbox";
import { lateOrders, runningLateCause } from "../../orders/running-late";
import { sqlTransaction } from "../../platform/sql";
import { lateOrdersCadence } from "../cadences";
import { logCount, type TimedJob } from "../job";

/**
 * One pass at `now`: the open orders not yet told whose window has passed (orders/running-late.ts)
 * are told, in one transaction. Returns how many were told (fewer when another instance wrote the
 * same notices).
 */
export async function notifyLateOrders(now: Date): Promise<number> {
  const notices: NotificationInput[] = (await lateOrders(now)).map((late) => ({
    to: { userId: late.userId },
    kind: "order_running_late",
    cause: runningLateCause(late.orderId),
    payload: {
      orderId: late.orderId,
      restaurantId: late.restaurantId,
      stage: "running_late",
      dueBy: late.dueBy,
      timeZone: late.timeZone,
      ...(late.pickup ? { pickup: true } : {}),
    },
    orderId: late.orderId,
  }));
  if (!notices.length) return 0;
  await sqlTransaction((sql) => notify(sql, notices, now));
  return notices.length;
}

export const runningLateJob: TimedJob = {
  id: "orders.running-late",
  does: "Customers of open orders whose arrival window has passed are told once that their order is running late (lib/server/orders/running-late.ts finds them).",
  cadence: lateOrdersCadence,
  once: "The notice's cause is one per order (order:{id}:running_late) and the outbox's unique key makes a second write of it a no-op: two passes or instances give one notice.",
  run: logCount(notifyLateOrders, (told) => `told ${told} customers their order is running late`),
};
