import { json, parseBody, parseQuery, route } from "@/lib/server/http";
import { listMenuItems, menuItemToJson } from "@/lib/server/menu-items";
import { createMenuItem } from "@/lib/server/owner-menu";
import { requireUser } from "@/lib/server/session";
import { menuItemQuerySchema } from "@/lib/validation/browse";
import { menuItemCreateSchema } from "@/lib/validation/menu-item";

// GET /api/menu-items - ?restaurantId=&q=&limit=&offset= -> array of items
export const GET = route(async (request) => {
  return json((await listMenuItems(parseQuery(request, menuItemQuerySchema))).map(menuItemToJson));
});

// POST /api/menu-items/ - { restaurant_id, name, description, price, food_image, food_type } by that restaurant's owner -> 201 item
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, menuItemCreateSchema);
  return json(menuItemToJson(await createMenuItem(user, input)), 201);
});
