import { deleteSection, sectionToJson, updateSection } from "@/lib/server/menu/sections";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/sections/{sectionId}", async ({ user, params, body }) => ({
  section: sectionToJson(await updateSection(user, params.id, params.sectionId, body)),
}));

export const DELETE = handle("DELETE /api/manage/{id}/sections/{sectionId}", async ({ user, params }) => {
  await deleteSection(user, params.id, params.sectionId);
  return { message: "Section deleted", id: params.sectionId };
});
