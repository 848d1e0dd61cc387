import { MENU_FILE_COLUMNS } from "@/lib/shared/menu-file";
import { menuFileRows } from "@/lib/server/menu/menu-file-export";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/menu.json", async ({ user, params: { id } }) => {
  const file = { restaurantId: id, columns: MENU_FILE_COLUMNS, dishes: await menuFileRows(user, id) };
  return Response.json(file, {
    headers: { "Content-Disposition": `attachment; filename="nosh-${id}-menu.json"`, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});
