import "server-only";
import { notifyLateOrders } from "../../orders/running-late";
import { lateOrdersCadence } from "../cadences";
import type { TimedJob } from "../job";

export const runningLateJob: TimedJob = {
  id: "orders.running-late",
  does: "Customers of open orders whose arrival window has passed are told once that their order is running late (lib/server/orders/running-late.ts).",
  cadence: lateOrdersCadence,
  once: "The notice's cause is one per order (order:{id}:running_late) and the outbox's unique key makes a second write of it a no-op: two passes or instances give one notice.",
  run: async (now) => {
    const told = await notifyLateOrders(now);
    return told ? { log: `told ${told} customers their order is running late` } : undefined;
  },
};
