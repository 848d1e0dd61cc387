import { Badge } from "@/components/ui/badge";

const TONES = { Active: "neutral", Submitted: "info", Completed: "success", Canceled: "error" } as const;

/** The order's status in words (Active, Submitted, Completed, Canceled), coloured by kind. */
export function OrderStatusBadge({ status }: { status: string }) {
  const label = status === "Active" ? "Active · at checkout" : status;
  return <Badge tone={TONES[status as keyof typeof TONES] ?? "neutral"}>{label}</Badge>;
}
