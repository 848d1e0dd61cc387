import { courierPayoutQuerySchema, payoutInputSchema } from "@/lib/contract/payouts/rules";
import { courierEarningsSchema, payoutSchema } from "../payouts/schemas";
import { op, courier } from "../define";

// A courier's earnings and payouts (docs/architecture/ledger.md).

export const courierEarningOperations = [
  op("GET /api/courier/earnings", {
    summary:
      "The courier's earnings (docs/architecture/ledger.md): `available`, `pending` (the pay of jobs held, and of deliveries until their report window closes: `pendingEarnings`, each with `availableAt`), the payout on its way, the latest payouts, the last 30 days' entries (each delivery's pay, refunds, payouts) newest first, and each day's deliveries and earnings",
    access: courier,
    paging: { unpaged: "the last 30 days' entries and the latest 20 payouts (docs/architecture/ledger.md)" },
    ok: { description: "The earnings", schema: courierEarningsSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/courier/payouts", {
    summary:
      "Pay `amount` dollars of the available earnings in `currency` (USD without) out: a payout of that currency with a reference, pending until paid; at most one of each currency on its way",
    access: courier,
    query: courierPayoutQuerySchema,
    body: payoutInputSchema,
    ok: { status: 201, description: "The payout", schema: payoutSchema },
    errors: { 400: "A bad amount, named", 409: "More than the available balance (the most, named in `amount`), or a payout already on its way" },
    // The courier has earned nothing yet: the payout is the 409 past the courier check.
    fixture: { matrix: { status: 409, before: ["$ownerIsCourier"], body: { amount: 1 } }, fuzz: { valid: { amount: 1 } } },
  }),
];
