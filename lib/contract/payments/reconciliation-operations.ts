import { z } from "zod";
import { resolveReconciliationSchema } from "@/lib/contract/payments/reconciliation-rules";
import { op, operator } from "../define";

// Reconciliation with the payment provider (docs/architecture/payouts.md "Reconciliation"): an operator resolves a difference.
export const reconciliationIssueSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["capture", "refund", "payout"]),
  objectId: z.string(),
  provider: z.number(),
  ledger: z.number(),
  createdAt: z.string(),
  resolution: z.object({ at: z.string(), by: z.object({ id: z.number().int(), firstName: z.string() }).nullable(), note: z.string() }).nullable(),
});

export const reconciliationOperations = [
  op("POST /api/admin/reconciliation/{id}/resolve", {
    summary:
      "Marks a difference the reconciliation raised resolved, with a required `note` (what was found and done): the row keeps who and when, the audit log the same; it leaves the open list and the dashboard's tile",
    access: operator,
    body: resolveReconciliationSchema,
    ok: { description: "The difference, resolved", schema: z.object({ issue: reconciliationIssueSchema }) },
    errors: { 404: "Unknown difference", 409: "Already resolved", 429: "Too many operator actions in a minute" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: 1 }, body: { note: "Matrix check" } },
      fuzz: { valid: { note: "Fuzz" } },
    },
  }),
];
