import "server-only";
import type { IncomingOrderJson } from "@/lib/contract/orders/schemas";
import { promisedReadyAt, waitPayFrom, type WaitPayRule } from "@/lib/shared/money/wait-pay";
import type { IncomingOrderRow } from "./include";

/**
 * The board's `courierWait` (courier-steps/wait-pay.ts pays it at pickup, by the same rule): while
 * the courier, at the restaurant by their position, waits past the promised ready time (acceptance
 * plus the kitchen's estimate) plus the grace, when the paid wait started and whether the kitchen's
 * ready mark ended it, so the card counts the minutes; after pickup, what was paid. Absent when no
 * wait is paid: the rule off, no arrival, an arrival marked away, or nothing paid at pickup.
 */
export function courierWaitOf(order: IncomingOrderRow, rule: WaitPayRule): IncomingOrderJson["courierWait"] {
  const delivery = order.delivery;
  const arrivedAt = delivery?.facts.arrivedAt;
  if (!delivery || !arrivedAt || delivery.wait.arrivedAway || rule.centsPerMinute <= 0 || !order.acceptedAt || order.prepMinutes === null) return undefined;
  const state = delivery.delivery?.state;
  if (state !== "at_pickup" && !delivery.wait.paidCents) return undefined;
  const from = waitPayFrom(arrivedAt, promisedReadyAt(order.acceptedAt, order.prepMinutes), rule);
  const readyMark = order.events.find((event) => event.stage === "ready")?.at ?? null;
  const pickedUpAt = delivery.facts.pickedUpAt ?? null;
  const ends = [readyMark, pickedUpAt].filter((at): at is Date => at !== null);
  const until = ends.length ? new Date(Math.min(...ends.map((at) => at.getTime()))) : null;
  return {
    from: from.toISOString(),
    until: until?.toISOString() ?? null,
    centsPerMinute: rule.centsPerMinute,
    maxMinutes: rule.maxMinutes,
    paidCents: delivery.wait.paidCents,
  };
}
