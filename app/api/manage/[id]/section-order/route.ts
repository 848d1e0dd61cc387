import { menuArrangement } from "@/lib/server/menu/arrangement";
import { reorderSections } from "@/lib/server/menu/sections";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/section-order", async ({ user, params, body }) => {
  await reorderSections(user, params.id, body.sectionIds);
  return menuArrangement(params.id);
});
