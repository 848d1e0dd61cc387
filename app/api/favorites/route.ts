import { json, parseQuery, route } from "@/lib/server/web/http";
import { listFavorites, menuItemToJson } from "@/lib/server/menu/menu-items";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/favorites - the caller's liked items, most recent first; ?limit=&offset=
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json((await listFavorites(user.id, paging)).map(menuItemToJson));
});
