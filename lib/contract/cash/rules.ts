import { z } from "zod";
import { freeText } from "../common/field-rules";
import { dollars } from "../orders/checkout-rules";
import { said } from "@/lib/shared/words/said";

// Cash at the door's request rules (docs/architecture/ledger.md "Cash at the door"): an operator's market setting, a
// deposit recorded, a customer limited to card payments. The checkout's `cashBill` is beside the
// other checkout rules (orders/checkout-rules.ts).

/** The most a cash limit or a deposit may be, in the currency's major units. */
const CASH_MAX_CENTS = 100_000_000;

/** Why, for the audit log (optional). */
const reasonInput = freeText("reason")
  .pipe(z.string().max(500, said("rules.common.atMost", { field: "reason", count: "500" })))
  .optional();

const trueOrFalse = (field: string) => z.boolean({ error: said("rules.common.trueOrFalse", { field }) });

/** PUT /api/admin/markets/{id}/cash: cash on or off, and the most undeposited cash a courier may hold and still be offered a cash order. */
export const marketCashSchema = z.object({
  enabled: trueOrFalse("enabled"),
  limit: dollars("limit", { min: 0, max: CASH_MAX_CENTS, allowZero: true }),
  reason: reasonInput,
});
export type MarketCashInput = z.output<typeof marketCashSchema>;

const DEPOSIT_METHODS = ["bank", "office"] as const;

/** POST /api/admin/cash/deposits: cash a courier handed over, how, and the bank's or office's reference. */
export const cashDepositSchema = z.object({
  courierId: z.int({ error: said("rules.common.positiveWhole", { field: "courierId" }) }).positive({ error: said("rules.common.positiveWhole", { field: "courierId" }) }),
  currency: z
    .string({ error: said("rules.checkout.currencyCode") })
    .regex(/^[A-Z]{3}$/, said("rules.checkout.currencyCode"))
    .optional(),
  amount: dollars("amount", { min: 0, max: CASH_MAX_CENTS }),
  method: z.enum(DEPOSIT_METHODS, { error: said("rules.common.oneOf", { field: "method", list: DEPOSIT_METHODS.join(", ") }) }),
  reference: freeText("reference")
    .pipe(z.string().max(100, said("rules.common.atMost", { field: "reference", count: "100" })))
    .optional(),
});
export type CashDepositInput = z.output<typeof cashDepositSchema>;

/** PUT /api/admin/users/{id}/card-only. */
export const cardOnlySchema = z.object({ cardOnly: trueOrFalse("cardOnly"), reason: reasonInput });
