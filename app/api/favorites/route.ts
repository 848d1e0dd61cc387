import { listFavorites, menuItemToJson } from "@/lib/server/menu/menu-items";
import { requestLocale } from "@/lib/i18n/translate";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/favorites", async ({ user, query }) => {
  const locale = await requestLocale();
  return (await listFavorites(user.id, query)).map((item) => menuItemToJson(item, locale));
});
