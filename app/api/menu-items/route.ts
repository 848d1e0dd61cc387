import { findMenuItems, listMenuItems, menuItemsScopes, menuItemsUntil, menuItemToJson } from "@/lib/server/menu/menu-items";
import { createMenuItem } from "@/lib/server/menu/owner-menu";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { handle } from "@/lib/server/web/handle";

// The answer reads nothing but its URL, the catalog (likes included) and, for a sold-out option,
// the market's date, so the host (server/) replays it until either changes (lib/server/web/shared-responses.ts):
// one restaurant's menu until its dishes or its row change, any other list until the catalog does.
export const GET = handle("GET /api/menu-items", ({ query }) =>
  sharedJson(async () => {
    const items = await (query.ids ? findMenuItems(query.ids) : listMenuItems(query));
    return { body: items.map(menuItemToJson), until: menuItemsUntil(items) };
  }, menuItemsScopes(query)),
);

export const POST = handle("POST /api/menu-items", async ({ user, body }) => menuItemToJson(await createMenuItem(user, body)));
