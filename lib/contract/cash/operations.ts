import { cardOnlySchema, cashDepositSchema, marketCashSchema } from "@/lib/contract/cash/rules";
import { jobAnswerSchema } from "../couriers/schemas";
import { cardOnlyAnswerSchema, cashChoiceSchema, cashDepositAnswerSchema, cashReportSchema, marketCashAnswerSchema } from "./schemas";
import { author, jobCourier, op, operator } from "../define";

// Cash at the door (docs/architecture/ledger.md "Cash at the door"): the courier's collection and a refusal, the
// operator's market setting, deposits, the report and the card-only limit. The checkout's cash is
// POST /api/orders and PUT /api/orders/{id}/submit's `paymentMethod: "cash"` with `cashBill`.

export const cashOperations = [
  op("GET /api/orders/{id}/cash", {
    summary: "Whether checkout offers cash at the door for one's own order (its restaurant's market takes cash), and whether one is limited to card payments",
    access: author,
    paging: { unpaged: "one order's choice" },
    ok: { description: "The choice", schema: cashChoiceSchema },
    errors: { 404: "Unknown order, or not yours" },
    fixture: { matrix: { path: { id: "$submittedOrder" } } },
  }),
  op("POST /api/courier/jobs/{id}/cash", {
    summary:
      "The courier collected a cash order's total at the door (the job picked up): the cash becomes the courier's to hand over (their cash account in the ledger) and the order's payment; of two taps at once one collects. Needed before delivered",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 404: "Unknown job, or never offered to you", 409: "Not a cash order, not picked up, or collected already" },
    fixture: { matrix: { fresh: true, path: { id: "$pickedUpJob" }, status: 409 } },
  }),
  op("POST /api/courier/jobs/{id}/cash-refused", {
    summary:
      "The customer refused to pay a cash order: the delivery fails (the order canceled, nothing collected, the courier not paid) and the refusal is reported to the operators, who may limit the customer to card payments",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 404: "Unknown job, or never offered to you", 409: "Not a cash order, collected already, or not picked up" },
    fixture: { matrix: { fresh: true, path: { id: "$pickedUpJob" }, status: 409 } },
  }),
  op("GET /api/admin/cash", {
    summary: "Cash at the door: each market's setting, each courier's undeposited cash (most first) and the total per currency, and the latest refusals",
    access: operator,
    paging: { unpaged: "the couriers holding cash (bounded by the couriers) and the latest 50 refusals" },
    ok: { description: "The report", schema: cashReportSchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/admin/cash/deposits", {
    summary:
      "Records cash a courier handed over (`method` bank or office, a `reference`), `amount` in `currency` (USD without): their cash account comes back by it (audited). Never more than they hold",
    access: operator,
    body: cashDepositSchema,
    ok: { status: 201, description: "The deposit", schema: cashDepositAnswerSchema },
    errors: { 409: "More than the courier holds (the most, named in `amount`)" },
    fixture: { matrix: { body: { courierId: 1, amount: 1, method: "bank" }, status: 409 }, fuzz: { valid: { courierId: 1, amount: 1, method: "bank" } } },
  }),
  op("PUT /api/admin/markets/{id}/cash", {
    summary:
      "Turns cash at the door on or off in a market, with the most undeposited cash (`limit`, in its currency) a courier may hold and still be offered cash orders (audited)",
    access: operator,
    body: marketCashSchema,
    ok: { description: "The market's setting", schema: marketCashAnswerSchema },
    errors: { 404: "Unknown market" },
    fixture: { matrix: { path: { id: 999_999 }, body: { enabled: false, limit: 0 }, status: 404 }, fuzz: { valid: { enabled: false, limit: 0 } } },
  }),
  op("PUT /api/admin/users/{id}/card-only", {
    summary: "Limits a customer to card payments (after a refused cash payment), or lifts it (audited): checkout then refuses cash with a message",
    access: operator,
    body: cardOnlySchema,
    ok: { description: "The customer", schema: cardOnlyAnswerSchema },
    errors: { 404: "Unknown user" },
    fixture: { matrix: { path: { id: 999_999 }, body: { cardOnly: false }, status: 404 }, fuzz: { valid: { cardOnly: false } } },
  }),
];
