// The words of an order still on its way, for the orders list's "Track order" link. A copy of
// stageLabel()'s (lib/shared/order-stages.ts) for the four open stages: that module, imported
// whole, would add its every wording to the list's first-load JavaScript (over its budget).
// open-stage-label.test.ts keeps the two equal.

const LABELS: Record<string, string> = { placed: "Placed", accepted: "Preparing", ready: "Ready", out_for_delivery: "Out for delivery" };

/** The stage's label when the order is on its way (null once it has ended or was never placed). */
export function openStageLabel(stage: string | null, deliveryOption: string | null): string | null {
  if (stage === null || !(stage in LABELS)) return null;
  return deliveryOption === "pickup" && stage === "ready" ? "Ready for pickup" : LABELS[stage]!;
}
