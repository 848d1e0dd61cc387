import { getIncomingOrder } from "@/lib/server/orders/incoming";
import { placePhoneOrder } from "@/lib/server/orders/phone-order";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { prismaOf } from "@/lib/server/platform/sql";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";

export const POST = handle("POST /api/manage/{id}/phone-orders", async ({ user, params, body, idempotent }) => {
  const answer = await idempotent(
    async (sql) => {
      const order = await placePhoneOrder(sql, user, params.id, body);
      const json = incomingOrderToJson(await getIncomingOrder(user, params.id, order.id, prismaOf(sql)));
      const payLink = order.payLink && { ...order.payLink, expiresAt: order.payLink.expiresAt.toISOString() };
      return { status: 201, body: { ...json, ...(payLink && { payLink }) } };
    },
    { prisma: true },
  );
  return json(answer.body, answer.status);
});
