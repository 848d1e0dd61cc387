import { previewPosImport } from "@/lib/server/pos/menu";
import { errorTextIn } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

export const POST = handle("POST /api/manage/{id}/pos/import/preview", async ({ request, user, params }) => {
  const result = await previewPosImport(user, params.id);
  // Each row's message (said) in the request's language, as the menu file's preview writes it.
  const locale = languageOfRequest(request);
  return { ...result, errors: result.errors.map((error) => ({ ...error, message: errorTextIn(locale, error.message) })) };
});
