import "server-only";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { whereStatus } from "./status";
import { said } from "@/lib/shared/words/said";

/**
 * Leaving checkout: the customer's Active order is deleted, not left to pile up. A delete
 * rather than a `transition` (nothing is left to answer with), with the same rule: conditional
 * on the expected status, then 404 for not-yours and 409 for the wrong state.
 */
export async function abandonOrder(user: SessionUser, orderId: number): Promise<void> {
  const deleted = await db.order.deleteMany({ where: { id: orderId, userId: user.id, ...whereStatus("Active") } });
  if (deleted.count === 1) return;
  const exists = await db.order.findFirst({ where: { id: orderId, userId: user.id }, select: { id: true } });
  if (!exists) throw notFound(said("messages.orderNotFound"));
  throw conflict(said("messages.onlyCheckoutAbandoned"));
}
