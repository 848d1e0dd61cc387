import { z } from "zod";

// Problem reports' answers (docs/architecture/problem-reports.md), beside the other lib/contract/*/schemas.ts:
// the shape of lib/server/problems/read.ts problemToJson. Money in dollars.

const id = z.number().int().positive();
const dollars = z.number().min(0);

export const problemSchema = z.object({
  id,
  orderId: id,
  restaurantId: id.nullable(),
  restaurantName: z.string(),
  status: z.enum(["pending", "escalated", "appealed", "approved", "partially_approved", "declined"]).meta({
    description: "pending: the owner decides (24 h); escalated, appealed: Nosh support decides; approved, partially_approved, declined: decided",
  }),
  statusLabel: z.string(),
  late: z.boolean().meta({ description: "Late or never arrived: the whole order" }),
  photo: z.string().nullable().meta({ description: "Where the report's photo is read (GET /api/orders/{id}/problems/{problemId}/photo), or null" }),
  lines: z.array(
    z.object({
      id,
      orderItemId: id,
      name: z.string(),
      unitPrice: dollars,
      quantity: z.number().int().positive(),
      reason: z.enum(["missing", "wrong_item", "damaged", "cold", "other", "late"]),
      reasonLabel: z.string(),
      note: z.string().nullable(),
      amount: dollars,
      approvedQuantity: z.number().int().min(0),
    }),
  ),
  requested: dollars.meta({ description: "What approving every line refunds (the delivery fee only when every item is, never more than was paid)" }),
  currency: z.string().meta({ description: "ISO 4217 code of every amount (the order's)" }),
  refund: z
    .object({
      amount: dollars,
      to: z.enum(["wallet", "card"]),
      fronted: dollars.meta({ description: "The part the platform paid for a restaurant that had paid its balance out" }),
    })
    .nullable()
    .meta({ description: "Set once approved (at once for a small claim)" }),
  decidedBy: z.enum(["auto", "owner", "operator"]).nullable(),
  declineReason: z.string().nullable(),
  appealNote: z.string().nullable(),
  canAppeal: z.boolean(),
  respondBy: z.iso.datetime().meta({ description: "The owner's decision is due by then" }),
  createdAt: z.iso.datetime(),
  escalatedAt: z.iso.datetime().nullable(),
  appealedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  sealed: z
    .object({
      summary: z.string(),
      bags: z.number().int(),
      bagsConfirmed: z.number().int(),
      lines: z.array(z.object({ orderItemId: z.number().int(), name: z.string(), packedAt: z.iso.datetime(), packedBy: z.string().nullable() })),
    })
    .nullable()
    .meta({
      description:
        'A missing-item claim on lines the kitchen ticked packed, picked up sealed (the courier confirmed the kitchen\'s bag count): the trail ("packed 4/4, Ana, 7:02 PM"); such a report goes to Nosh support',
    }),
  chargedTo: z
    .enum(["restaurant", "courier", "platform"])
    .nullable()
    .meta({ description: "Who the operator's approval charged (`chargeTo` of the decision); null: the usual split" }),
  chargeDispute: z.enum(["needs_response", "under_review", "won", "lost"]).nullable().meta({
    description:
      "The order's card charge disputed with the card's bank, or null. While the dispute is open or lost, approving refunds nothing more to the card: the approval is a 409 saying the charge is disputed",
  }),
});

export const problemAnswerSchema = z.object({ problem: problemSchema });
export const problemListSchema = z.object({ problems: z.array(problemSchema) });

export const orderProblemsSchema = z.object({
  problems: z.array(problemSchema),
  canReport: z.boolean(),
  reportableUntil: z.iso.datetime().nullable().meta({ description: "48 hours after delivery; null before delivery" }),
  items: z.array(z.object({ orderItemId: id, name: z.string(), unitPrice: dollars, quantity: z.number().int().positive(), reportable: z.number().int().min(0) })),
});
