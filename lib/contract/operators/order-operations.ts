import { z } from "zod";
import { operatorOrderDetailSchema, operatorOrdersPageSchema } from "./schemas";
import { operatorOrdersQuerySchema, orderActionSchema } from "@/lib/contract/operators/rules";
import { op, operator } from "../define";

// The operator's orders (docs/architecture/operator.md "Orders"): find, open, refund, cancel, reassign; every action in the audit log with its reason.

export const operatorOrderOperations = [
  op("GET /api/admin/orders", {
    summary:
      "Placed orders, newest first: found by `q` (an order number, a customer's email or name, a restaurant's name), of one `stage` (or `open`: every open stage), one `restaurantId`, `attention=1` (ready or out for delivery too long with no courier, longest waiting first), optionally `since=hour`, or the one order `id`",
    access: operator,
    paging: "limit-offset",
    query: operatorOrdersQuerySchema,
    ok: { description: "A page of orders", schema: operatorOrdersPageSchema },
    // The paging proof reads its own restaurant's orders: the whole list moves under other workers' orders between its two reads.
    fixture: { matrix: { before: ["$ownerIsCourier"], query: { stage: "open" } }, list: { as: "operator", query: { restaurantId: "$restaurant" } } },
  }),
  op("GET /api/admin/orders/{id}", {
    summary: "One order: its timeline, its delivery, its money (the card's payments, every ledger entry and line, what is left to refund) and which actions apply",
    access: operator,
    paging: { unpaged: "one order" },
    ok: { description: "The order", schema: z.object({ order: operatorOrderDetailSchema }) },
    errors: { 404: "Unknown order, or one still at checkout" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: "$submittedOrder" } } },
  }),
  op("POST /api/admin/orders/{id}", {
    summary:
      "Refund part of what the customer paid (`amount` in dollars, from the restaurant's share, or Nosh's with `nosh: true`; never more than is left of what came in), cancel an open order (a full refund), or reassign its delivery (the courier is freed and the job offered again); in the audit log",
    access: operator,
    body: orderActionSchema,
    ok: {
      description: "What was done",
      schema: z.object({ order: z.object({ id: z.number().int(), action: z.enum(["refund", "cancel", "reassign"]) }).loose() }),
    },
    errors: {
      400: "A field is invalid: `amount` beyond what is left to refund",
      403: "Not an operator, or the operator's own order, restaurant or delivery",
      404: "Unknown order",
      409: "Nothing left to refund, not open, no delivery to reassign, or a refund at the same moment",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$submittedOrder" }, body: { action: "cancel", reason: "Matrix check" } },
      fuzz: { valid: { action: "cancel", reason: "Fuzz" } },
    },
  }),
];
