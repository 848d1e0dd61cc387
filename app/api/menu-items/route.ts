import { json, parseBody, parseQuery, route } from "@/lib/server/http";
import { findMenuItems, listMenuItems, menuItemToJson } from "@/lib/server/menu-items";
import { createMenuItem } from "@/lib/server/owner-menu";
import { requireUser } from "@/lib/server/session";
import { menuItemQuerySchema } from "@/lib/validation/browse";
import { menuItemCreateSchema } from "@/lib/validation/menu-item";

// GET /api/menu-items - ?restaurantId=&q=&limit=&offset= -> array of items
//                      ?ids=1,2,3 -> those of the items that still exist, whatever their restaurant's state
export const GET = route(async (request) => {
  const query = parseQuery(request, menuItemQuerySchema);
  return json((await (query.ids ? findMenuItems(query.ids) : listMenuItems(query))).map(menuItemToJson));
});

// POST /api/menu-items/ - { restaurant_id, name, description, price, food_image, food_type } by that restaurant's owner -> 201 item
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, menuItemCreateSchema);
  return json(menuItemToJson(await createMenuItem(user, input)), 201);
});
