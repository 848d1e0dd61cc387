import { Badge } from "@/components/ui/badge";
import { statusLabel } from "./open-stage-label";

const TONES = { Active: "neutral", Submitted: "info", Completed: "success", Canceled: "error" } as const;

/** The order's status in the words the tracker uses (Preparing, Out for delivery...), coloured by kind. */
export function OrderStatusBadge({ status, stage = null, deliveryOption = null }: { status: string; stage?: string | null; deliveryOption?: string | null }) {
  return <Badge tone={TONES[status as keyof typeof TONES] ?? "neutral"}>{statusLabel(status, stage, deliveryOption)}</Badge>;
}
