import "server-only";
import { syncOrderPayment } from "../payments/sync";
import { sqlTransaction } from "../platform/sql";
import { dueChangeIds } from "./queries";
import { settleChange } from "./settle";

// The changes not answered in time (CHANGE_ANSWER_MINUTES): each removed and refunded by the
// `orders.change-expiry` job, in a transaction of its own; the same conditional move as an answer,
// so a change answered meanwhile, or taken by another instance's pass, is left as it is.

/** One pass at `now`: how many changes it removed. */
export async function expireChanges(now = new Date(), limit = 50): Promise<number> {
  const due = await sqlTransaction((sql) => dueChangeIds(sql, now, limit));
  let removed = 0;
  for (const id of due) {
    const settled = await sqlTransaction((sql) => settleChange(sql, id, "expired", now));
    if (!settled) continue;
    removed++;
    if (settled.paymentMethod === "card") await syncOrderPayment(settled.change.orderId);
  }
  return removed;
}
