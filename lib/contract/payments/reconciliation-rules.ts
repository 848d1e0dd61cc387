import { z } from "zod";
import { requiredText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";

// Resolving a reconciliation difference (POST /api/admin/reconciliation/{id}/resolve) and the
// page's filter (docs/architecture/payouts.md "Reconciliation").

export const resolveReconciliationSchema = z.object({
  note: requiredText("note", said("rules.reconciliation.note")).pipe(z.string().max(500, said("rules.common.atMost", { field: "note", count: "500" }))),
});

export const RECONCILIATION_STATUSES = ["open", "resolved"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
/** The page's `?status=`: open (the default) or resolved. */
export const reconciliationStatusOf = (value: unknown): ReconciliationStatus => (value === "resolved" ? "resolved" : "open");
