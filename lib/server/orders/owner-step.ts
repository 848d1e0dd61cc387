import "server-only";
import { db, type Tx } from "../platform/db";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { recordOrderAction } from "../team/order-actions";
import type { IncomingOrderRow } from "./include";
import { transition, type Step } from "./transition";
import { withDeliveries } from "../dispatch/order-delivery";
import { syncOrderPayment } from "../payments/sync";

/**
 * A step the restaurant's owner takes on one of its orders: ownership first (someone else's
 * restaurant is a 404), then the `transition` scoped to the restaurant (another restaurant's
 * order is a 404 too), then `after` (a refund) in the same transaction. `before` runs between
 * the two (a check that answers before the order's own 409, like a courier holding the job).
 * Once it commits, a card order's payment follows the step (lib/server/payments/sync.ts: captured
 * when accepted, voided when rejected, refunded through the provider when the ledger refunded it).
 */
export async function ownerStep(
  actor: Actor,
  restaurantId: number,
  orderId: number,
  step: Step,
  after?: (tx: Tx, order: IncomingOrderRow) => Promise<void>,
  before?: (tx: Tx) => Promise<void>,
): Promise<IncomingOrderRow> {
  const moved = await db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    await before?.(tx);
    const order = await transition(tx, orderId, { restaurantId }, step);
    if (step.to) await recordOrderAction(tx, actor, restaurantId, orderId, step.to, step.now);
    await after?.(tx, order);
    return (await withDeliveries(tx, [order]))[0]!;
  });
  if (moved.paymentMethod === "card") await syncOrderPayment(moved.id);
  return moved;
}
