import { z } from "zod";
import { requiredText } from "./fields";

// Resolving a reconciliation difference (POST /api/admin/reconciliation/{id}/resolve) and the
// page's filter (docs/architecture/payouts.md "Reconciliation").

export const RECONCILIATION_NOTE_MESSAGES = {
  note: "Say what you found and what was done (the audit log keeps it)",
  noteLength: "note must be at most 500 characters",
} as const;

export const resolveReconciliationSchema = z.object({
  note: requiredText("note", RECONCILIATION_NOTE_MESSAGES.note).pipe(z.string().max(500, RECONCILIATION_NOTE_MESSAGES.noteLength)),
});

export const RECONCILIATION_STATUSES = ["open", "resolved"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
/** The page's `?status=`: open (the default) or resolved. */
export const reconciliationStatusOf = (value: unknown): ReconciliationStatus => (value === "resolved" ? "resolved" : "open");
