import { json, parseBody, parseQuery, route } from "@/lib/server/web/http";
import { findMenuItems, listMenuItems, menuItemsUntil, menuItemToJson } from "@/lib/server/menu/menu-items";
import { createMenuItem } from "@/lib/server/menu/owner-menu";
import { requireUser } from "@/lib/server/web/session";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { menuItemQuerySchema } from "@/lib/validation/browse";
import { menuItemCreateSchema } from "@/lib/validation/menu-item";

// GET /api/menu-items - ?restaurantId=&q=&limit=&offset= -> array of items
//                      ?ids=1,2,3 -> those of the items that still exist, whatever their restaurant's state
// The answer reads nothing but its URL, the catalog (likes included) and, for a sold-out option,
// the market's date, so the host (server/) replays it until either changes (lib/server/web/shared-responses.ts).
export const GET = route(async (request) => {
  const query = parseQuery(request, menuItemQuerySchema);
  return sharedJson(async () => {
    const items = await (query.ids ? findMenuItems(query.ids) : listMenuItems(query));
    return { body: items.map(menuItemToJson), until: menuItemsUntil(items) };
  });
});

// POST /api/menu-items/ - { restaurant_id, name, description, price, food_image, food_type } by that restaurant's owner -> 201 item
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, menuItemCreateSchema);
  return json(menuItemToJson(await createMenuItem(user, input)), 201);
});
