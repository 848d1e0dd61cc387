import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
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
 * `stepOf` may be made from the restaurant's row as the ownership check read it (its busy minutes).
 * Once it commits, a card order's payment follows the step (lib/server/payments/sync.ts: captured
 * when accepted, voided when rejected, refunded through the provider when the ledger refunded it;
 * not after MOVES_NO_MONEY).
 */
export async function ownerStep(
  actor: Actor,
  restaurantId: number,
  orderId: number,
  stepOf: Step | ((restaurant: Restaurant) => Step),
  after?: (tx: Tx, order: IncomingOrderRow) => Promise<void>,
  before?: (tx: Tx) => Promise<void>,
): Promise<IncomingOrderRow> {
  let step: Step | undefined;
  const moved = await db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, restaurantId, tx);
    step = typeof stepOf === "function" ? stepOf(restaurant) : stepOf;
    await before?.(tx);
    const order = await transition(tx, orderId, { restaurantId }, step);
    if (step.to) await recordOrderAction(tx, actor, restaurantId, orderId, step.to, step.now);
    await after?.(tx, order);
    // `after` may have attached it already (acceptOrder: the new job's).
    return order.delivery === undefined ? (await withDeliveries(tx, [order]))[0]! : order;
  });
  if (moved.paymentMethod === "card" && !(step?.to && MOVES_NO_MONEY.has(step.to))) await syncOrderPayment(moved.id);
  return moved;
}

/**
 * The kitchen's steps that change nothing the card's payment follows (the step itself refuses an
 * unpaid order: transition.ts): no call to the provider's side after them; a capture missed at
 * the acceptance is the payments.sync job's.
 */
const MOVES_NO_MONEY: ReadonlySet<string> = new Set(["ready", "out_for_delivery"]);
