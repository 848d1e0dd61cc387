import { z } from "zod";
import { orderProblemsSchema, problemAnswerSchema, problemListSchema } from "./schemas";
import { problemAppealSchema, problemDecisionSchema, problemReportSchema } from "@/lib/contract/problems/rules";
import { op, restaurantOwner, author, operator, photoAnswer } from "../define";

// Problem reports (docs/architecture/problem-reports.md): the customer's report and appeal, the owner's and Nosh support's decisions.

export const problemOperations = [
  op("GET /api/orders/{id}/problems", {
    resource: "Problem reports",
    summary:
      "The customer's problem reports on their order (newest first), whether a new one can be sent (delivered, within 48 hours, none open) and how many of each line are left to report",
    access: author,
    paging: { unpaged: "one order's few problem reports" },
    ok: { description: "The reports and what can be reported", schema: orderProblemsSchema },
    errors: { 404: "Unknown order, or not yours" },
    fixture: { matrix: { path: { id: "$deliveredOrder" } } },
  }),
  op("POST /api/orders/{id}/problems", {
    resource: "Problem reports",
    summary:
      'Report a problem with a delivered order, within 48 hours (or, before delivery, `reason: "late"` on a delivery clearly late: CLEARLY_LATE_MINUTES, 30, past the window its acceptance promised, for Nosh support): lines (`orderItemId`, `quantity`, `reason`: missing, wrong_item, damaged, cold, other with a `note`) or the whole order (`reason: "late"`). JSON, or multipart/form-data with this JSON in `data` and an optional image in `photo` (the profile picture\'s limits: PNG, JPEG or WebP, at most 5 MB). A claim of at most 15% of the order and SUPPORT_AUTO_APPROVE_CENTS is approved and refunded at once (two a customer per 30 days); the rest go to the restaurant\'s owner, but a late delivery (platform-liable) and an order the restaurant\'s owner placed go straight to Nosh support (`escalated`). A line is reported for a reason once per order',
    access: author,
    body: problemReportSchema,
    ok: { status: 201, description: "The report (`refund` set when approved at once)", schema: problemAnswerSchema },
    errors: {
      400: "A line's quantity beyond what is left to report (`lines.0.quantity`), an item not in the order, a late report on a pickup order (`reason`), or a bad photo (`photo`), named",
      404: "Unknown order, or not yours",
      409: "Not delivered (and not a clearly late delivery's late report), more than 48 hours after delivery, a report already open, everything already refunded, or a line already reported for that reason (`lines.0.orderItemId`)",
      413: "A photo larger than 5 MB",
    },
    fixture: {
      matrix: { path: { id: "$reportable.orderId" }, body: { lines: [{ orderItemId: "$reportable.orderItemId", quantity: 1, reason: "cold" }] } },
      fuzz: { valid: { lines: [{ orderItemId: 1, quantity: 1, reason: "missing" }] } },
    },
  }),
  op("POST /api/orders/{id}/problems/{problemId}/appeal", {
    resource: "Problem reports",
    summary: "Appeal a declined report, once: it goes to Nosh support",
    access: author,
    body: problemAppealSchema,
    ok: { description: "The report, appealed", schema: problemAnswerSchema },
    errors: { 404: "Unknown order or report, or not yours", 409: "Not declined, or already appealed" },
    fixture: {
      matrix: { path: { id: "$declinedProblem.orderId", problemId: "$declinedProblem.problemId" }, body: { note: "Nothing came" } },
      fuzz: { valid: { note: "It was wrong." } },
    },
  }),
  op("GET /api/orders/{id}/problems/{problemId}/photo", {
    resource: "Problem reports",
    summary:
      "A report's photo (image/webp, re-encoded without metadata, `Cache-Control: private, no-store`): for the customer who reported it, the restaurant's owner and Nosh operators; the report's `photo` is this path",
    access: author,
    paging: { unpaged: "one image" },
    ok: photoAnswer,
    errors: { 404: "Unknown order or report, not yours (nor your restaurant's), or no photo" },
    // This report has no photo: its reporter gets the 404 of a missing photo too (the photo's reads: lib/server/problems/photo.test.ts).
    fixture: { matrix: { status: 404, path: { id: "$declinedProblem.orderId", problemId: "$declinedProblem.problemId" } } },
  }),
  op("GET /api/manage/{id}/problems", {
    resource: "Problem reports",
    summary: "The restaurant's problem reports, those waiting for the owner first (`status=open`: only those)",
    access: restaurantOwner,
    paging: { unpaged: "a working set: the owner's latest 100 reports, open first" },
    query: z.object({ status: z.enum(["open", "all"], { error: "status must be open or all" }).default("all") }),
    ok: { description: "The reports", schema: problemListSchema },
    errors: { 404: "Unknown restaurant, or not yours" },
    fixture: { matrix: { before: ["$ownersProblem"], path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/problems/{problemId}/decision", {
    resource: "Problem reports",
    summary:
      "The owner decides a report within 24 hours: `approve_all`, `approve_some` (`lines`: each line's approved quantity) or `decline` with a `reason`. Each party gives back its share (the items the restaurant, up to what it earned on the order; the fees whoever delivered) and the refund goes back to the wallet or card; deciding twice refunds once. Late reports and reports on the owner's own orders are Nosh support's",
    access: restaurantOwner,
    body: problemDecisionSchema,
    ok: { description: "The report, decided", schema: problemAnswerSchema },
    errors: {
      403: "A late report, or one on an order the owner placed: Nosh support decides it",
      404: "Unknown restaurant or report, or not yours",
      409: "Already decided, or the 24 hours have passed (Nosh support decides)",
    },
    fixture: {
      matrix: { path: { id: "$restaurant", problemId: "$customersProblem" }, body: { decision: "approve_all" } },
      fuzz: { valid: { decision: "decline", reason: "Fuzzed" } },
    },
  }),
  op("GET /api/admin/problems", {
    resource: "Problem reports",
    summary: "Nosh support's queue: escalated and appealed reports (and pending ones past the owner's 24 hours), oldest first",
    access: operator,
    paging: { unpaged: "a working set: Nosh support's queue, the oldest 100" },
    ok: { description: "The queue", schema: problemListSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/admin/problems/{problemId}/decision", {
    resource: "Problem reports",
    summary:
      "An operator decides an escalated or appealed report like an owner; recorded in the audit log. `chargeTo` (restaurant, courier or platform; an approval only) says who gives the items back, for a claim on lines packed and picked up sealed (the report's `sealed` trail): the refund is posted once, from that side",
    access: operator,
    body: problemDecisionSchema,
    ok: { description: "The report, decided", schema: problemAnswerSchema },
    errors: { 403: "Not an operator, or the operator's own restaurant or order", 404: "Unknown report", 409: "Not waiting for Nosh support, or already decided" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { problemId: "$declinedProblem.problemId" }, body: { decision: "approve_all" } },
      fuzz: { valid: { decision: "approve_all" } },
    },
  }),
];
