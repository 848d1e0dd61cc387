import { previewMenuImport } from "@/lib/server/menu/menu-file-import";
import { errorTextIn } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { readMenuUpload } from "@/lib/server/web/menu-file-upload";

// handle() admits the restaurant's owner or a manager (its declaration) before one byte of the file is read (others: 404).
export const POST = handle(
  "POST /api/manage/{id}/menu-import/preview",
  async ({ request, user, params: { id } }) => {
    const result = await previewMenuImport(user, id, await readMenuUpload(request));
    // Each row's message (said) in the request's language.
    const locale = languageOfRequest(request);
    return { ...result, errors: result.errors.map((error) => ({ ...error, message: errorTextIn(locale, error.message) })) };
  },
  { body: "handler" },
);
