import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { checkout } from "@/lib/server/web/checkout";
import { createOrder } from "@/lib/server/orders/create";
import { listOrdersJson } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";

export const GET = handle("GET /api/orders", async ({ user, query }) => ({ orders: await listOrdersJson(user, query) }));

export const POST = handle("POST /api/orders", async (call) => {
  const { user, body, idempotent } = call;
  if (body.submit) return checkout(call, { cart: body }, body.submit);
  const answer = await idempotent(async (sql) => ({ status: 201, body: orderToJson(await createOrder(sql, user, body)) }));
  return json(answer.body, answer.status);
});
