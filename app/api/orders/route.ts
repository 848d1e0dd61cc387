import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { checkout } from "@/lib/server/web/checkout";
import { createOrder } from "@/lib/server/orders/create";
import { orderForCart } from "@/lib/server/orders/cart-order";
import { listOrdersJson } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";

export const GET = handle("GET /api/orders", async ({ user, query }) => ({ orders: await listOrdersJson(user, query) }));

export const POST = handle("POST /api/orders", async (call) => {
  const { user, body, idempotent } = call;
  if (body.submit) return checkout(call, { cart: body }, body.submit);
  const { cartId } = body;
  // Checkout from a browser cart: that cart's one Active order (made, answered again, or replaced).
  const answer = cartId
    ? await idempotent(async (sql) => ({ status: 201, body: orderToJson((await orderForCart(sql, user, body, cartId)).order) }), { prisma: true })
    : await idempotent(async (sql) => ({ status: 201, body: orderToJson(await createOrder(sql, user, body)) }));
  return json(answer.body, answer.status);
});
