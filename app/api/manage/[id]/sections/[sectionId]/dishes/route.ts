import { menuArrangement, setSectionDishes } from "@/lib/server/menu/arrangement";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/sections/{sectionId}/dishes", async ({ user, params, body }) => {
  await setSectionDishes(user, params.id, params.sectionId, body.menuItemIds);
  return menuArrangement(params.id);
});
