import { appealSuspension } from "@/lib/server/courier-record/appeals";
import { asRecordHolder } from "@/lib/server/courier-record/record";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

export const POST = handle(
  "POST /api/courier/appeals",
  async ({ request, user, check }) => {
    // Who asks, before the upload is read.
    asRecordHolder(user);
    const { body, photo } = await readJsonWithPhoto(request, { onePhoto: "One photo per appeal" });
    return appealSuspension(user, check(body), photo);
  },
  { body: "handler" },
);
