import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { config } from "@/lib/server/platform/config";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { createOrder } from "@/lib/server/orders/create";
import { placeOrder } from "@/lib/server/orders/place";
import { payByCard } from "@/lib/server/payments/checkout";
import { listOrdersJson } from "@/lib/server/orders/read";
import { orderToJson } from "@/lib/server/orders/to-json";

export const GET = handle("GET /api/orders", async ({ user, query }) => ({ orders: await listOrdersJson(user, query) }));

export const POST = handle("POST /api/orders", async ({ request, user, body, idempotent }) => {
  const { submit } = body;
  const answer = await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), submit?.promoCode, "submit.promoCode", () =>
    payByCard(user, submit ?? { paymentMethod: "none" }, { prefix: "submit." }, "/checkout", () =>
      idempotent(async (sql) => ({
        status: 201,
        body: orderToJson(submit ? await placeOrder(sql, user, { cart: body }, submit) : await createOrder(sql, user, body)),
      })),
    ),
  );
  return json(answer.body, answer.status);
});
