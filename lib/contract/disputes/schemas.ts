import { z } from "zod";

// The disputes queue's answers (lib/server/operators/disputes.ts, docs/architecture/disputes.md "Disputes"). Money in dollars.

const instant = z.iso.datetime();
const money = z.number().meta({ description: "Dollars, at most two decimals" });
const status = z.enum(["needs_response", "under_review", "won", "lost"]);

export const disputeSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  providerDisputeId: z.string(),
  orderId: z.number().int().nullable(),
  restaurant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  amount: money,
  currency: z.string().meta({ description: "ISO 4217 code of `amount` (the disputed payment's)" }),
  reason: z.string().meta({ description: "The card network's reason as the provider names it (fraudulent, product_not_received, ...)" }),
  status,
  withdrawn: z.boolean().meta({ description: "The amount was taken from the restaurant's balance (false: not an order's charge, nothing moved)" }),
  evidenceDueBy: instant.nullable(),
  evidenceSubmittedAt: instant.nullable(),
  absorbedAt: instant.nullable().meta({ description: "When an operator decided Nosh absorbs the amount (the restaurant paid back), else null" }),
  createdAt: instant,
  closedAt: instant.nullable(),
});

export const disputeEvidenceAnswerSchema = z.object({
  receipt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  serviceDate: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  deliveryPhoto: z.string(),
  positionTrail: z.string(),
  messages: z.string(),
  explanation: z.string(),
});

export const disputesPageSchema = z.object({
  items: z.array(disputeSchema),
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable().meta({ description: "The next page's offset, or null" }),
});
export const disputeDetailSchema = z.object({ dispute: disputeSchema.extend({ evidence: disputeEvidenceAnswerSchema }) });
export const testDisputeAnswerSchema = z.object({ dispute: z.object({ id: z.string(), status }) });
