import { Badge } from "@/components/ui/badge";
import { DISPUTE_STATUS_LABELS, type DisputeStatus } from "@/lib/shared/disputes";

const TONE = { needs_response: "error", under_review: "info", won: "success", lost: "neutral" } as const;

/** A dispute's status as the console shows it: needs evidence (red), under review, won, lost. */
export function DisputeBadge({ status }: { status: DisputeStatus }) {
  return <Badge tone={TONE[status]}>{DISPUTE_STATUS_LABELS[status]}</Badge>;
}
