import { uploadDocument } from "@/lib/server/onboarding/documents";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

const UPLOAD_MESSAGES = { notMultipart: "Send multipart/form-data with `data` ({ kind, expiresOn }) and `photo`", onePhoto: "One photo per document" };

/** multipart/form-data: `{ kind, expiresOn }` as JSON in `data`, the document's photo in `photo` (JSON alone: the photo's 400 once the rest is checked). */
export const POST = handle(
  "POST /api/courier/documents",
  async ({ request, user, check }) => {
    const { body, photo } = await readJsonWithPhoto(request, UPLOAD_MESSAGES);
    return { document: await uploadDocument(user, check(body), photo) };
  },
  { body: "handler" },
);
