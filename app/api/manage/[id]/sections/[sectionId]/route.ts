import { deleteSection, sectionToJson, updateSection } from "@/lib/server/menu/sections";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/manage/{id}/sections/{sectionId}", async ({ user, params, body }) => ({
  section: sectionToJson(await updateSection(user, params.id, params.sectionId, body)),
}));

export const DELETE = handle("DELETE /api/manage/{id}/sections/{sectionId}", async ({ user, params }) => {
  await deleteSection(user, params.id, params.sectionId);
  return { message: said("done.sectionDeleted"), id: params.sectionId };
});
