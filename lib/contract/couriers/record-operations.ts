import { z } from "zod";
import { appealDecisionSchema, courierAppealInputSchema, operatorAppealsQuerySchema } from "@/lib/contract/couriers/record-rules";
import { courierAppealAnswerSchema, courierRecordAnswerSchema, operatorAppealsPageSchema } from "./record-schemas";
import { op, operator, recordHolder, photoAnswer } from "../define";

// A courier's record (docs/architecture/courier-screens.md "Record"): the courier's own record and appeal,
// the operators' appeal queue and their answer.

export const courierRecordOperations = [
  op("GET /api/courier/record", {
    summary:
      'The courier\'s own record over the last 30 days: acceptance and completion rates, failed and late deliveries, thumbs down by reason; each rule with the thresholds that lead to a warning and to a suspension ("2 of 5 in 30 days"); the warnings and suspensions given; the latest appeal and its answer. A suspended courier reads it too',
    access: recordHolder,
    paging: { unpaged: "one record" },
    ok: { description: "The record", schema: courierRecordAnswerSchema },
    errors: { 403: "Not a courier (nor a suspended one)" },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/courier/appeals", {
    summary:
      "A suspended courier appeals: `note` (20 to 2,000 characters), as JSON or multipart/form-data with this JSON in `data` and an evidence photo in `photo` (the profile picture's limits; stored privately, re-encoded without metadata, read by operators only). It reaches the operators' queue with an answer-by date 3 days on; one open appeal at a time",
    access: recordHolder,
    body: courierAppealInputSchema,
    ok: { status: 201, description: "The appeal", schema: courierAppealAnswerSchema },
    errors: {
      400: "A missing, too short or too long `note` (`errors.note`), a photo that is not a PNG, JPEG or WebP image, or more than one (`photo`)",
      403: "Not a courier (nor a suspended one)",
      409: "Not suspended, or an appeal is already open",
      413: "A photo larger than 5 MB",
    },
    // The owner is an approved courier, not suspended: the 409 past the courier check.
    fixture: {
      matrix: { status: 409, before: ["$ownerIsCourier"], body: { note: "Matrix appeal: the address was wrong" } },
      fuzz: { valid: { note: "Fuzz appeal: the address was wrong" } },
    },
  }),
  op("GET /api/admin/courier-appeals", {
    summary:
      "Couriers' appeals: `status=open` (the default, the soonest answer-by first) or `answered` (newest first), each with the courier's note, the evidence photo's link, the suspension and the trail (recent jobs and their times, positions, messages)",
    access: operator,
    paging: "limit-offset",
    query: operatorAppealsQuerySchema,
    ok: { description: "A page of appeals", schema: operatorAppealsPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator" } },
  }),
  op("POST /api/admin/courier-appeals/{id}", {
    summary:
      "Answer an appeal once: `uphold` (the suspension stays) or `overturn` (the courier's account is restored), with the `answer` the courier reads; in the audit log, and the courier is told (bell and email)",
    access: operator,
    body: appealDecisionSchema,
    ok: { description: "The appeal's new status", schema: z.object({ appeal: z.object({ id: z.number().int(), status: z.enum(["upheld", "overturned"]) }) }) },
    errors: { 404: "Unknown appeal", 409: "Already answered", 429: "Too many operator actions in a minute" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$owner" }, body: { action: "uphold", answer: "Matrix check" } },
      fuzz: { valid: { action: "uphold", answer: "Fuzz" } },
    },
  }),
  op("GET /api/admin/courier-appeals/{id}/evidence", {
    summary: "An appeal's evidence photo (image/webp, re-encoded without metadata): operators only",
    access: operator,
    paging: { unpaged: "one image" },
    ok: photoAnswer,
    errors: { 404: "Unknown appeal, or no photo" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: "$owner" } } },
  }),
];
