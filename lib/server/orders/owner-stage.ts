import "server-only";
import { rejectionOf } from "@/lib/shared/orders/order-stages";
import type { OrderStageInput } from "@/lib/contract/orders/stage-rules";
import type { Actor } from "../team/owned";
import { acceptOrder } from "./accept";
import { markDelivered } from "./deliver";
import type { IncomingOrderRow } from "./include";
import { markOutForDelivery } from "./out-for-delivery";
import { markReady } from "./ready";
import { rejectOrder } from "./reject";

/** The owner's next step on an order, as the stage route receives it. */
export function moveOrderStage(actor: Actor, restaurantId: number, orderId: number, input: OrderStageInput): Promise<IncomingOrderRow> {
  switch (input.stage) {
    case "accepted":
      return acceptOrder(actor, restaurantId, orderId, input.prepMinutes);
    case "rejected":
      return rejectOrder(actor, restaurantId, orderId, rejectionOf(input.reason, input.note || undefined), new Date(), input.soldOut ?? []);
    case "ready":
      return markReady(actor, restaurantId, orderId);
    case "out_for_delivery":
      return markOutForDelivery(actor, restaurantId, orderId);
    case "delivered":
      return markDelivered(actor, restaurantId, orderId);
  }
}
