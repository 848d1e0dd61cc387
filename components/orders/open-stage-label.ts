// The words of an order's stage, for the orders list and the order page's status pill, from the
// catalogue's order namespace (handed by the server). stageLabel()'s rule (lib/shared/orders/order-stages.ts)
// on the words alone: that module, imported whole, would weigh on the list's first-load
// JavaScript. open-stage-label.test.ts keeps the two equal.

const OPEN_STAGES = new Set(["placed", "accepted", "ready", "out_for_delivery"]);

/** The pill's words in the reader's language (the catalogue's order namespace, from the server). */
export type StatusWords = { status: Record<string, string>; label: Record<string, string>; pickupLabel: Record<string, string> };

/** The stage's label when the order is on its way (null once it has ended or was never placed). */
export function openStageLabel(stage: string | null, deliveryOption: string | null, words: StatusWords): string | null {
  if (stage === null || !OPEN_STAGES.has(stage)) return null;
  return (deliveryOption === "pickup" ? words.pickupLabel[stage] : undefined) ?? words.label[stage] ?? null;
}

/**
 * The status pill's words: the stage's once the restaurant has moved the order ("Preparing",
 * "Out for delivery", "Picked up"), and the spec's status words before (Active, Submitted).
 */
export function statusLabel(status: string, stage: string | null | undefined, deliveryOption: string | null, words: StatusWords): string {
  if (status === "Active" || !stage || stage === "placed") return words.status[status] ?? status;
  return (deliveryOption === "pickup" ? words.pickupLabel[stage] : undefined) ?? words.label[stage] ?? status;
}
