import "server-only";
import { expireOverdueOrders } from "../../orders/expire";
import { orderExpiryCadence } from "../cadences";
import { logCount, type TimedJob } from "../job";

export const expireOrdersJob: TimedJob = {
  id: "orders.expire",
  does: "Orders the restaurant did not accept in time move to expired with a full refund (the accept timeout, lib/server/orders/expire.ts).",
  cadence: orderExpiryCadence,
  once: "A conditional update per order (still placed), in one transaction with its refund: of two instances, the loser's update matches nothing.",
  run: logCount(expireOverdueOrders, (count) => `expired ${count} orders the restaurant did not confirm`),
};
