import "server-only";
import type { CloseOrderStatus } from "@/lib/contract/restaurants/manage-rules";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { ownerDeliveryStep } from "../dispatch/guard";
import { ownerStep } from "./owner-step";
import { cancelByRestaurant } from "./reject";
import { whereStatus } from "./status";
import { said } from "@/lib/shared/words/said";

export const ONLY_SUBMITTED_MESSAGE = said("messages.onlySubmittedCanBeCompleted");

/**
 * The owner's one-step close of PUT /api/manage/{id}/orders/{orderId}, kept for existing
 * clients: Completed is any open stage -> delivered, Canceled any open stage -> rejected with a
 * refund. Anything already closed is a 409 with that endpoint's message.
 */
export function closeIncomingOrder(actor: Actor, restaurantId: number, orderId: number, status: CloseOrderStatus, now = new Date()): Promise<IncomingOrderRow> {
  if (status === "Canceled") return cancelByRestaurant(actor, restaurantId, orderId, { key: "canceledByRestaurant" }, ONLY_SUBMITTED_MESSAGE, now);
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    {
      from: whereStatus("Submitted"),
      to: "delivered",
      data: { closedAt: now },
      conflict: () => ONLY_SUBMITTED_MESSAGE,
      now,
    },
    undefined,
    // A courier holding the delivery job marks it delivered themself (409); one still sought is no longer needed.
    (tx) => ownerDeliveryStep(tx, restaurantId, orderId, now),
  );
}
