import { fileColumns, menuFileRows } from "@/lib/server/menu/menu-file-export";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/menu.json", async ({ user, params: { id } }) => {
  const dishes = await menuFileRows(user, id);
  const file = { restaurantId: id, columns: fileColumns(dishes), dishes };
  return Response.json(file, {
    headers: { "Content-Disposition": `attachment; filename="nosh-${id}-menu.json"`, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});
