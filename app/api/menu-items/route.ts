import { findMenuItems, listMenuItems, menuItemsScopes, menuItemsUntil, menuItemToJson } from "@/lib/server/menu/menu-items";
import { requestLocale } from "@/lib/i18n/translate";
import { createMenuItem } from "@/lib/server/menu/owner-menu";
import { sharedJson } from "@/lib/server/web/kept-answers/index";
import { handle } from "@/lib/server/web/handle";

// The answer reads nothing but its URL, the catalog (likes included) and, for a sold-out option,
// the market's date, so the host (server/) replays it until either changes (lib/server/web/kept-answers/index.ts):
// one restaurant's menu until its dishes or its row change, any other list until the catalog does.
// Names in the request's language where the owner gave them: the host keeps a JSON answer per language.
export const GET = handle("GET /api/menu-items", async ({ query }) => {
  const locale = await requestLocale();
  return sharedJson(async () => {
    const items = await (query.ids ? findMenuItems(query.ids) : listMenuItems(query));
    return { body: items.map((item) => menuItemToJson(item, locale)), until: menuItemsUntil(items) };
  }, menuItemsScopes(query));
});

export const POST = handle("POST /api/menu-items", async ({ user, body }) => menuItemToJson(await createMenuItem(user, body)));
