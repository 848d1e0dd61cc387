import { json, parseQuery, route } from "@/lib/server/http";
import { listFavorites, menuItemToJson } from "@/lib/server/menu-items";
import { requireUser } from "@/lib/server/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/favorites - the caller's liked items, most recent first; ?limit=&offset=
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json((await listFavorites(user.id, paging)).map(menuItemToJson));
});
