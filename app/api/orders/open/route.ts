import { listOpenOrders } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/open", async ({ user }) => ({ orders: (await listOpenOrders(user)).map((order) => orderToJson(order)) }));
