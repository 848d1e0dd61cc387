import { menuArrangement, setFeatured } from "@/lib/server/menu/arrangement";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/featured", async ({ user, params, body }) => {
  await setFeatured(user, params.id, body.menuItemIds);
  return menuArrangement(params.id);
});
