import { appealSuspension } from "@/lib/server/courier-record/appeals";
import { asRecordHolder } from "@/lib/server/courier-record/record";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

const APPEAL_FORM = {
  notMultipart: "Send JSON, or multipart/form-data with `data` and `photo`",
  dataNotJson: "`data` must be JSON",
  onePhoto: "One photo per appeal",
};

export const POST = handle(
  "POST /api/courier/appeals",
  async ({ request, user, check }) => {
    // Who asks, before the upload is read.
    asRecordHolder(user);
    const { body, photo } = await readJsonWithPhoto(request, APPEAL_FORM);
    return appealSuspension(user, check(body), photo);
  },
  { body: "handler" },
);
