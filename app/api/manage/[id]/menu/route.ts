import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { listOwnerMenu } from "@/lib/server/menu/owner-menu";
import { requireUser } from "@/lib/server/web/session";
import { ownerMenuQuerySchema } from "@/lib/validation/manage";

// GET /api/manage/{id}/menu - the owner's menu, newest first -> { menu_items }; ?limit=&offset=
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const paging = parseQuery(request, ownerMenuQuerySchema);
  return json({ menu_items: (await listOwnerMenu(user, id, paging)).map(menuItemToJson) });
});
