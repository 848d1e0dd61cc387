import { json, parseQuery, route } from "@/lib/server/http";
import { listMenuItems, menuItemToJson } from "@/lib/server/menu-items";
import { menuItemQuerySchema } from "@/lib/validation/browse";

// GET /api/menu-items - ?restaurantId=&q=&limit=&offset= -> array of items
export const GET = route(async (request) => {
  return json((await listMenuItems(parseQuery(request, menuItemQuerySchema))).map(menuItemToJson));
});
