import { claimCart } from "@/lib/server/orders/cart-claim";
import { config } from "@/lib/server/platform/config";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { json } from "@/lib/server/web/route";
import { placeOrder } from "@/lib/server/orders/place";
import { payByCard } from "@/lib/server/payments/checkout";
import { orderToJson } from "@/lib/server/orders/to-json";
import { prismaOf } from "@/lib/server/platform/sql";

export const PUT = handle("PUT /api/orders/{id}/submit", async ({ request, user, params, body, idempotent }) => {
  const answer = await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), body.promoCode, "promoCode", () =>
    payByCard(user, body, { prefix: "" }, "/checkout", () =>
      idempotent(
        async (sql) => {
          const submitted = await placeOrder(sql, user, { activeOrderId: params.id }, body);
          if (body.cartId) await claimCart(prismaOf(sql), user.id, body.cartId, submitted.id);
          return { status: 200, body: orderToJson(submitted) };
        },
        { prisma: true },
      ),
    ),
  );
  return json(answer.body, answer.status);
});
