import "server-only";
import { cancelUnpaidOrders } from "../../orders/unpaid";
import { logCount, type TimedJob } from "../job";

export const cancelUnpaidJob: TimedJob = {
  id: "orders.cancel-unpaid",
  does: "A card order whose capture failed and that the customer did not pay with another card within HELD_ORDER_MINUTES is canceled as a rejection, refunded and its payment voided (lib/server/orders/unpaid.ts).",
  cadence: { label: "every 15 s", everyMs: () => 15_000 },
  once: "The held payment is claimed by one conditional UPDATE in the cancel's transaction, as a customer paying claims it: of two instances, or a payment and the job, one wins.",
  run: logCount(cancelUnpaidOrders, (count) => `canceled ${count} unpaid orders`),
};
