import { json, route } from "@/lib/server/web/http";
import { listOpenOrders } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";

// GET /api/orders/open - the caller's orders still under way (placed, accepted, ready,
// out_for_delivery), oldest first -> { orders }
export const GET = route(async () => {
  const user = await requireUser();
  return json({ orders: (await listOpenOrders(user)).map((order) => orderToJson(order)) });
});
