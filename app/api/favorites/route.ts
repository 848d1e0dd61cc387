import { listFavorites, menuItemToJson } from "@/lib/server/menu/menu-items";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/favorites", async ({ user, query }) => (await listFavorites(user.id, query)).map(menuItemToJson));
