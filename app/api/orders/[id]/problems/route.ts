import { fromZod } from "@/lib/server/platform/errors";
import { storeProblemPhoto } from "@/lib/server/problems/photo";
import { listOrderProblems } from "@/lib/server/problems/list";
import { assertOwnOrder, submitProblem } from "@/lib/server/problems/report";
import { camelizeKeys, json, parseId, readJsonWithPhoto, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { problemReportSchema } from "@/lib/validation/problems";

// GET /api/orders/{id}/problems -> { problems, canReport, reportableUntil, items }: the customer's
// reports on their order and what can still be reported (others' orders: 404).
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(await listOrderProblems(user, id));
});

/** The report's fields and its photo: a JSON body (no photo), or multipart/form-data with the JSON in `data` and the image in `photo`. */
const REPORT_MESSAGES = {
  notMultipart: "Send the report as JSON, or multipart/form-data with `data` and `photo`",
  dataNotJson: "`data` must be the report as JSON",
  onePhoto: "One photo per report",
};

// POST /api/orders/{id}/problems - { lines: [{ orderItemId, quantity, reason, note? }] } or
// { reason: "late" }; JSON, or multipart/form-data with that JSON in `data` and an optional image in
// `photo` (the profile picture's limits) -> 201 { problem } (its `refund` set when approved at once).
// 404 for another's order (checked before the upload is read); 409 not delivered, past 48 hours,
// or a report already open; 400 naming the line (`lines.0.quantity`) when more than is left.
export const POST = route<{ id: string }>(
  async (request, params) => {
    const id = parseId(params.id);
    const user = await requireUser();
    await assertOwnOrder(user, id);
    const { body, photo } = await readJsonWithPhoto(request, REPORT_MESSAGES);
    const parsed = problemReportSchema.safeParse(camelizeKeys(body));
    if (!parsed.success) throw fromZod(parsed.error);
    const stored = photo ? await storeProblemPhoto(user.id, photo) : null;
    return json({ problem: await submitProblem(user, id, parsed.data, stored) }, 201);
  },
  { body: "handler" },
);
