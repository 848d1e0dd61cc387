import { json, parseId, route } from "@/lib/server/http";
import { getMenuItem, menuItemToJson } from "@/lib/server/menu-items";

// GET /api/menu-items/{id} - one item with its restaurant and likes, 404 when unknown
export const GET = route<{ id: string }>(async (_request, params) => {
  return json(menuItemToJson(await getMenuItem(parseId(params.id))));
});
