import { dishScopes, getMenuItem, menuItemsUntil, menuItemToJson } from "@/lib/server/menu/menu-items";
import { requestLocale } from "@/lib/i18n/translate";
import { deleteMenuItem, updateMenuItem } from "@/lib/server/menu/owner-menu";
import { sharedJson } from "@/lib/server/web/kept-answers/index";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

// Shared (replayed by the host, server/) like the list: until the dish (its options, likes) or its
// restaurant's row changes, or a sold-out option's day does. A missing dish is a 404, never kept.
// Names in the request's language where the owner gave them: the host keeps a JSON answer per language.
export const GET = handle("GET /api/menu-items/{id}", async ({ params }) => {
  const locale = await requestLocale();
  return sharedJson(
    async () => {
      const item = await getMenuItem(params.id);
      return { body: menuItemToJson(item, locale), until: menuItemsUntil([item]) };
    },
    await dishScopes(params.id),
  );
});

export const PUT = handle("PUT /api/menu-items/{id}", async ({ user, params, body }) => menuItemToJson(await updateMenuItem(user, params.id, body)));

export const DELETE = handle("DELETE /api/menu-items/{id}", async ({ user, params: { id } }) => {
  await deleteMenuItem(user, id);
  return { message: said("done.menuItemDeleted"), id };
});
