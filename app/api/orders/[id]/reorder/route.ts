import { reorder } from "@/lib/server/orders/reorder";
import { reorderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/orders/{id}/reorder", async ({ user, params }) => {
  const { order, changes } = await reorder(user, params.id);
  return reorderToJson(order, changes);
});
