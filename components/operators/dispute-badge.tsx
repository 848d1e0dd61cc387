import { Badge } from "@/components/ui/badge";
import type { DisputeStatus } from "@/lib/shared/money/disputes";

const TONE = { needs_response: "error", under_review: "info", won: "success", lost: "neutral" } as const;

/** A dispute's status as the console shows it: needs evidence (red), under review, won, lost (its labels: the catalogue's admin.disputes.status). */
export function DisputeBadge({ status, labels }: { status: DisputeStatus; labels: Record<DisputeStatus, string> }) {
  return <Badge tone={TONE[status]}>{labels[status]}</Badge>;
}
