import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { getMenuItem, menuItemsUntil, menuItemToJson } from "@/lib/server/menu/menu-items";
import { deleteMenuItem, updateMenuItem } from "@/lib/server/menu/owner-menu";
import { requireUser } from "@/lib/server/web/session";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { menuItemUpdateSchema } from "@/lib/validation/menu-item";

// GET /api/menu-items/{id} - one item with its restaurant and likes, 404 when unknown
// Shared (replayed by the host, server/) like the list: until the catalog or a sold-out option's day changes.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  return sharedJson(async () => {
    const item = await getMenuItem(id);
    return { body: menuItemToJson(item), until: menuItemsUntil([item]) };
  });
});

// PUT /api/menu-items/{id} - the owner of the item's restaurant updates the fields sent -> the item; others: 404
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, menuItemUpdateSchema);
  return json(menuItemToJson(await updateMenuItem(user, id, input)));
});

// DELETE /api/menu-items/{id} - the owner removes the item; past order lines keep it by name and price
export const DELETE = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  await deleteMenuItem(user, id);
  return json({ message: "Menu item deleted", id });
});
