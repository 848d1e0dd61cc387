import { z } from "zod";
import { dateRangeSchema } from "@/lib/contract/restaurants/insights-rules";
import { statementMonthSchema } from "@/lib/contract/payouts/statement-rules";
import { payoutInputSchema, payoutScheduleSchema as payoutScheduleInputSchema } from "@/lib/contract/payouts/rules";
import { payoutSchema, payoutScheduleSchema, restaurantPayoutsSchema } from "./schemas";
import { op, restaurantOwner, rangeDownload, csvAnswer } from "../define";

// A restaurant owner's downloads and payouts (docs/architecture/ledger.md).

/** A CSV of a range of the restaurant's days, its owner's. */
const rangeExport = {
  access: restaurantOwner,
  paging: rangeDownload,
  query: dateRangeSchema,
  ok: csvAnswer,
  errors: { 404: "Unknown restaurant, or not yours" },
  fixture: { matrix: { before: ["$submittedOrder"], path: { id: "$restaurant" }, query: { from: "2020-01-01", to: "2020-12-31" } } },
};

export const manageMoneyOperations = [
  op("GET /api/manage/{id}/exports/orders.csv", {
    summary:
      "The orders of a range of the restaurant's days (`from`, `to`: YYYY-MM-DD, both included, at most 366 days) as CSV, one record per order line with its options, the order's subtotal, fees, tip and total on its first line only; money in dollars, times in the restaurant's zone; streamed as an attachment",
    ...rangeExport,
  }),
  op("GET /api/manage/{id}/exports/insights.csv", {
    summary:
      "The insights of a range (`from`, `to` as for the orders) as CSV records `section,key,metric,value`: per day, the range, customers, top dishes, cancellations, ratings, times; orders and revenue count the orders the restaurant accepted that were not canceled, revenue being their food sales (no fees, tax or tip)",
    ...rangeExport,
  }),
  op("GET /api/manage/{id}/payouts", {
    summary:
      "The restaurant's earnings (docs/architecture/ledger.md): `available` (may be paid out), `pending` (its share of paid orders not yet delivered, and of delivered orders until their 48-hour report window closes: `pendingEarnings`, each with `availableAt`), the payout on its way, the latest payouts, and the entries of a range of its days (`from`, `to`: YYYY-MM-DD, both included; default the last 30 days): each delivered order's gross, commission, discount and net, refunds and payouts",
    access: restaurantOwner,
    paging: { unpaged: "the earnings of a date range (at most 366 days) and the latest 20 payouts (docs/architecture/ledger.md)" },
    query: z.object({ from: z.string().optional().meta({ description: "YYYY-MM-DD" }), to: z.string().optional().meta({ description: "YYYY-MM-DD" }) }),
    ok: { description: "The earnings", schema: restaurantPayoutsSchema },
    errors: { 400: "A bad range, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/payouts", {
    summary:
      "Pay `amount` dollars of the available balance out to the restaurant's bank: a payout with a reference, pending until the payment provider pays it (sent once the restaurant's payout account is verified; a failed one returns to the balance); at most one on its way",
    access: restaurantOwner,
    body: payoutInputSchema,
    ok: { status: 201, description: "The payout", schema: payoutSchema },
    errors: {
      400: "A bad amount, named",
      404: "Unknown restaurant, or not yours",
      409: "More than the available balance (the most, named in `amount`), or a payout already on its way",
    },
    // The owner's order delivered and its report window closed (49 hours back): earnings to pay out.
    // A world of its own: rows sharing one move the balance too (a phone order paid at the door is
    // charged to it at placement), and whichever ran first in the worker left nothing to pay out.
    fixture: { matrix: { fresh: true, before: ["$earnings"], path: { id: "$restaurant" }, body: { amount: 0.01 } }, fuzz: { valid: { amount: 1 } } },
  }),
  op("PUT /api/manage/{id}/payouts/schedule", {
    summary:
      "A weekly payout: on `weekday` (mon ... sun, the restaurant's zone) the available balance is paid out as POST /payouts does, at most once that day (none when nothing is available or a payout is on its way); `weekday: null` stops it",
    access: restaurantOwner,
    body: payoutScheduleInputSchema,
    ok: { description: "The schedule as it now stands", schema: z.object({ schedule: payoutScheduleSchema }) },
    errors: { 400: "A bad weekday, named", 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, body: { weekday: "fri" } } },
  }),
  op("GET /api/manage/{id}/exports/payouts.csv", {
    summary:
      "The restaurant's earnings entries of a range (`from`, `to` as for the orders) as CSV `time,kind,order,reference,gross,commission,discount,net,commission_rate,reason`: dollars (a refund: the amount given back as gross, with its reason; each order's commission rate in percent), times in the restaurant's zone; streamed as an attachment",
    access: restaurantOwner,
    paging: rangeDownload,
    query: dateRangeSchema,
    ok: csvAnswer,
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, query: { from: "2020-01-01", to: "2020-12-31" } } },
  }),
  op("GET /api/manage/{id}/exports/statement.pdf", {
    summary:
      "The restaurant's monthly statement for `month` (YYYY-MM, a calendar month of the restaurant's zone) as a PDF attachment: the opening balance of its earnings account, its delivered orders (food sales, commission, the promotions it funded, delivery fees and tips it kept), tips raised after delivery, refunds, adjustments (any other kind of ledger line) and payouts, the closing balance, the sales tax collected for the state, then every line with the balance after it; read from the ledger, so it ties to the cent",
    access: restaurantOwner,
    paging: { unpaged: "one document: a month's statement" },
    query: statementMonthSchema,
    ok: { description: "A PDF download", contentType: "application/pdf" },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, query: { month: "2020-01" } } },
  }),
  op("GET /api/manage/{id}/exports/statement.csv", {
    summary:
      "The same monthly statement as CSV `time,type,order,reference,description,sales,commission,discount,delivery_fees,tips,amount,balance,sales_tax_collected`: an `opening_balance` record, one per line of the account (`order`, `tip`, `refund`, `adjustment`, `payout`; commission and discount written positive, deducted: sales - commission - discount + delivery_fees + tips = amount), a `closing_balance` record; dollars, times in the restaurant's zone; RFC 4180, a cell starting with = + - @ prefixed with '",
    access: restaurantOwner,
    paging: { unpaged: "a month's statement as one download" },
    query: statementMonthSchema,
    ok: csvAnswer,
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { path: { id: "$restaurant" }, query: { month: "2020-01" } } },
  }),
];
