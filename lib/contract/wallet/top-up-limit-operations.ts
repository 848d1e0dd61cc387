import { z } from "zod";
import { topUpLimitsInputSchema, topUpLimitsQuerySchema } from "@/lib/contract/wallet/top-up-limit-rules";
import { op, operator } from "../define";

// The card top-up limits an operator sets (docs/architecture/payments.md "Wallet top-ups").
const dollars = z.object({ min: z.number(), max: z.number(), dailyMax: z.number() });
export const topUpLimitsSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  dailyMax: z.number().nullable(),
  defaults: dollars,
  currency: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
});

export const topUpLimitOperations = [
  op("GET /api/admin/top-up-limits", {
    summary:
      "One currency's card top-up limits in effect (`currency`, a market's, default USD; another's are null until set: its top-ups are refused) (whole units: `min` and `max` a top-up, `dailyMax` a customer's in 24 hours), the settings' defaults (WALLET_TOPUP_MIN, WALLET_TOPUP_MAX, WALLET_TOPUP_DAILY_MAX) and who set them last",
    access: operator,
    query: topUpLimitsQuerySchema,
    paging: { unpaged: "one record: the limits" },
    ok: { description: "The limits", schema: topUpLimitsSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("PUT /api/admin/top-up-limits", {
    summary:
      "Sets one currency's card top-up limits (`currency`, a market's, default USD; whole units of it; `min` at most `max`), in effect from the next top-up in every server process; audited with the limits before and after (`reason` optional)",
    access: operator,
    body: topUpLimitsInputSchema,
    ok: { description: "The limits as they now stand", schema: topUpLimitsSchema },
    // The settings' defaults: a matrix or fuzz call that got through would change nothing another spec relies on.
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { min: 5, max: 10_000, dailyMax: 2_000, reason: "Matrix check" } },
      fuzz: { valid: { min: 5, max: 10_000, dailyMax: 2_000 } },
    },
  }),
];
