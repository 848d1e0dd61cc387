import { json, parseId, route } from "@/lib/server/web/http";
import { menuItemToJson, toggleLike } from "@/lib/server/menu/menu-items";
import { requireUser } from "@/lib/server/web/session";

// POST /api/menu-items/{id}/like - toggle the caller's like; returns the item
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(menuItemToJson(await toggleLike(user.id, id)));
});
