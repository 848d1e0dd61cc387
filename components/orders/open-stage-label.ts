// The words of an order's stage, for the orders list and the order page's status pill. A copy of
// stageLabel()'s (lib/shared/order-stages.ts): that module, imported whole, would add its every
// wording to the list's first-load JavaScript (over its budget). open-stage-label.test.ts keeps
// the two equal.

const LABELS: Record<string, string> = { placed: "Placed", accepted: "Preparing", ready: "Ready", out_for_delivery: "Out for delivery" };
const ENDED: Record<string, string> = { delivered: "Delivered", rejected: "Rejected", canceled: "Canceled", expired: "Not confirmed" };

/** The stage's label when the order is on its way (null once it has ended or was never placed). */
export function openStageLabel(stage: string | null, deliveryOption: string | null, words?: StatusWords): string | null {
  if (stage === null || !(stage in LABELS)) return null;
  if (words) return (deliveryOption === "pickup" ? words.pickupLabel[stage] : undefined) ?? words.label[stage] ?? null;
  return deliveryOption === "pickup" && stage === "ready" ? "Ready for pickup" : LABELS[stage]!;
}

/** The pill's words in the reader's language (the catalogue's order namespace, from the server). */
export type StatusWords = { status: Record<string, string>; label: Record<string, string>; pickupLabel: Record<string, string> };

/**
 * The status pill's words: the stage's once the restaurant has moved the order ("Preparing",
 * "Out for delivery", "Picked up"), and the spec's status words before (Active, Submitted).
 */
export function statusLabel(status: string, stage: string | null | undefined, deliveryOption: string | null, words?: StatusWords): string {
  if (words) {
    if (status === "Active" || !stage || stage === "placed") return words.status[status] ?? status;
    return (deliveryOption === "pickup" ? words.pickupLabel[stage] : undefined) ?? words.label[stage] ?? status;
  }
  if (status === "Active") return "Active · at checkout";
  if (!stage || stage === "placed") return status;
  if (deliveryOption === "pickup" && stage === "delivered") return "Picked up";
  return openStageLabel(stage, deliveryOption) ?? ENDED[stage] ?? status;
}
