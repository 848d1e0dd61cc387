import "server-only";
import { cancelUndispatchedOrders } from "../../orders/undispatched";
import { undispatchedCadence } from "../cadences";
import { logCount, type TimedJob } from "../job";

export const cancelUndispatchedJob: TimedJob = {
  id: "orders.cancel-undispatched",
  does: "Delivery orders ready for 5 minutes with no delivery job and no address a courier could be sent to are canceled with a full refund, and the customer and the owner are told why (lib/server/orders/undispatched.ts).",
  cadence: undispatchedCadence,
  once: "A conditional update per order (still ready), in one transaction with its refund: of two instances, the loser's update matches nothing.",
  run: logCount(cancelUndispatchedOrders, (count) => `canceled and refunded ${count} ready orders no courier could be sent to`),
};
