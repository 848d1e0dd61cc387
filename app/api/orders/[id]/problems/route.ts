import { storeProblemPhoto } from "@/lib/server/problems/photo";
import { listOrderProblems } from "@/lib/server/problems/list";
import { assertOwnOrder, submitProblem } from "@/lib/server/problems/report";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

export const GET = handle("GET /api/orders/{id}/problems", ({ user, params }) => listOrderProblems(user, params.id));

/** The report's fields and its photo: a JSON body (no photo), or multipart/form-data with the JSON in `data` and the image in `photo`. */
const REPORT_MESSAGES = {
  notMultipart: "Send the report as JSON, or multipart/form-data with `data` and `photo`",
  dataNotJson: "`data` must be the report as JSON",
  onePhoto: "One photo per report",
};

// Another's order is a 404 before the upload is read.
export const POST = handle(
  "POST /api/orders/{id}/problems",
  async ({ request, user, params: { id }, check }) => {
    await assertOwnOrder(user, id);
    const { body, photo } = await readJsonWithPhoto(request, REPORT_MESSAGES);
    const report = check(body);
    const stored = photo ? await storeProblemPhoto(id, photo) : null;
    return { problem: await submitProblem(user, id, report, stored) };
  },
  { body: "handler" },
);
