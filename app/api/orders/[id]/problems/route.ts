import type { NextRequest } from "next/server";
import { ApiError, badRequest, fromZod } from "@/lib/server/platform/errors";
import { storeProblemPhoto } from "@/lib/server/problems/photo";
import { listOrderProblems } from "@/lib/server/problems/list";
import { assertOwnOrder, submitProblem } from "@/lib/server/problems/report";
import { camelizeKeys, json, parseId, readJson, readUploadForm, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from "@/lib/validation/picture";
import { problemReportSchema } from "@/lib/validation/problems";

// GET /api/orders/{id}/problems -> { problems, canReport, reportableUntil, items }: the customer's
// reports on their order and what can still be reported (others' orders: 404).
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(await listOrderProblems(user, id));
});

const MAX_UPLOAD_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
const tooLarge = () => new ApiError("payload_too_large", PICTURE_MESSAGES.tooLarge, { photo: PICTURE_MESSAGES.tooLarge });

/** The report's fields and its photo: a JSON body (no photo), or multipart/form-data with the JSON in `data` and the image in `photo`. */
async function readReport(request: NextRequest): Promise<{ body: unknown; photo: File | null }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { body: await readJson(request), photo: null };
  const form = await readUploadForm(request, MAX_UPLOAD_BYTES, tooLarge, () => badRequest("Send the report as JSON, or multipart/form-data with `data` and `photo`"));
  const data = form.get("data");
  let body: unknown;
  try {
    body = typeof data === "string" ? JSON.parse(data) : {};
  } catch {
    throw badRequest("`data` must be the report as JSON", { data: "`data` must be the report as JSON" });
  }
  const files = form.getAll("photo").filter((value) => value instanceof File);
  if (files.length > 1) throw badRequest("One photo per report", { photo: "One photo per report" });
  return { body, photo: files[0] && files[0].size > 0 ? files[0] : null };
}

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
    const { body, photo } = await readReport(request);
    const parsed = problemReportSchema.safeParse(camelizeKeys(body));
    if (!parsed.success) throw fromZod(parsed.error);
    const stored = photo ? await storeProblemPhoto(user.id, photo) : null;
    return json({ problem: await submitProblem(user, id, parsed.data, stored) }, 201);
  },
  { body: "handler" },
);
