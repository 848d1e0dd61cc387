import "server-only";
import { said } from "@/lib/shared/words/said";
import { notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlTransaction } from "../platform/sql";
import { orderCashChoice } from "./queries";

// Checkout's question (docs/architecture/ledger.md "Cash at the door"): does this order's market take cash at the door,
// and may this customer pay so. The payment itself is orders/cash-payment.ts.

/** GET /api/orders/{id}/cash: whether checkout offers cash for the customer's own order (its market's setting), and whether they are limited to cards. */
export async function cashChoiceOf(user: SessionUser, orderId: number) {
  const found = await sqlTransaction((sql) => orderCashChoice(sql, orderId, user.id));
  if (!found) throw notFound(said("messages.orderNotFound"));
  return { cash: { available: found.cashEnabled, cardOnly: found.cardOnly === 1, currency: found.currency } };
}
