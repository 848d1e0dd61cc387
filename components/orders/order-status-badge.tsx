import { Badge } from "@/components/ui/badge";
import { statusLabel, type StatusWords } from "./open-stage-label";

const TONES = { Active: "neutral", Submitted: "info", Completed: "success", Canceled: "error" } as const;

/** The order's status in the words the tracker uses (Preparing, Out for delivery...), coloured by kind; `words`: in the page's language. */
export function OrderStatusBadge({
  status,
  stage = null,
  deliveryOption = null,
  words,
}: {
  status: string;
  stage?: string | null;
  deliveryOption?: string | null;
  words: StatusWords;
}) {
  return <Badge tone={TONES[status as keyof typeof TONES] ?? "neutral"}>{statusLabel(status, stage, deliveryOption, words)}</Badge>;
}
