import { z } from "zod";
import { id, instant } from "../common/schemas";

// Cash at the door's answers (docs/architecture/ledger.md "Cash at the door"). Amounts in the currency's major units.

/** On a cash order's job: what the courier collects at the door. */
export const cashToCollectSchema = z
  .object({
    amount: z.number().meta({ description: "The order's total, to collect" }),
    bill: z.number().meta({ description: "The bill the customer said they would pay with" }),
    change: z.number().meta({ description: "The bill less the total: the change to give" }),
    currency: z.string(),
    collected: z.boolean().meta({ description: "Marked collected (POST /api/courier/jobs/{id}/cash): needed before delivered" }),
  })
  .meta({ description: "A cash order: the amount to collect at the door and the change (absent for any other order)" });

export const marketCashAnswerSchema = z.object({
  market: z.object({ id, enabled: z.boolean(), limit: z.number(), currency: z.string() }),
});

export const cashDepositAnswerSchema = z.object({
  deposit: z.object({
    id,
    courierId: id,
    amount: z.number(),
    currency: z.string(),
    owed: z.number().meta({ description: "What the courier still holds in that currency" }),
  }),
});

export const cardOnlyAnswerSchema = z.object({ user: z.object({ id, cardOnly: z.boolean() }) });

export const cashReportSchema = z.object({
  markets: z.array(z.object({ id, name: z.string(), currency: z.string(), enabled: z.boolean(), limit: z.number() })),
  couriers: z
    .array(z.object({ courierId: id, firstName: z.string(), email: z.string().nullable(), currency: z.string(), owed: z.number() }))
    .meta({ description: "Each courier holding cash not yet deposited, per currency, most owed first" }),
  total: z.array(z.object({ currency: z.string(), owed: z.number() })).meta({ description: "The undeposited cash per currency: the ledger's courier-cash liability" }),
  refusals: z
    .array(z.object({ orderId: id, at: instant, customerId: id, firstName: z.string(), email: z.string().nullable(), cardOnly: z.boolean() }))
    .meta({ description: "The latest 50 refusals reported by couriers, newest first" }),
});

export const cashChoiceSchema = z.object({
  cash: z.object({
    available: z.boolean().meta({ description: "The order's market takes cash at the door" }),
    cardOnly: z.boolean().meta({ description: "The customer is limited to card payments (checkout refuses cash)" }),
    currency: z.string(),
  }),
});
