import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { listOwnerMenu } from "@/lib/server/menu/owner-menu";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/menu", async ({ user, params, query }) => {
  const { items, hasMore, nextOffset } = await listOwnerMenu(user, params.id, query);
  return { menu_items: items.map((item) => menuItemToJson(item)), hasMore, nextOffset };
});
