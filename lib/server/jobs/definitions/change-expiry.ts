import "server-only";
import { expireChanges } from "../../order-changes/expire";
import { logCount, type TimedJob } from "../job";

export const changeExpiryJob: TimedJob = {
  id: "orders.change-expiry",
  does: "A line the kitchen marked unavailable that the customer did not answer within CHANGE_ANSWER_MINUTES is removed and refunded (lib/server/order-changes/expire.ts).",
  cadence: { label: "every 15 s", everyMs: () => 15_000 },
  once: "The same conditional move of the change (still asked) as an answer, in one transaction with its refund: of two instances, or an answer and the job, one settles it.",
  run: logCount(expireChanges, (count) => `removed ${count} unanswered unavailable lines`),
};
