import "server-only";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/** accepted -> ready: the kitchen is done. */
export function markReady(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(actor, restaurantId, orderId, { from: { stage: "accepted" }, to: "ready", conflict: (current) => wrongStage(current, "markedReady"), now });
}
