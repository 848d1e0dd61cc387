import { claimCart } from "@/lib/server/orders/cart-claim";
import { config } from "@/lib/server/platform/config";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { idempotencyKeyOf, idempotent } from "@/lib/server/web/idempotency";
import { clientAddress, json, parseBody, parseId, route } from "@/lib/server/web/http";
import { placeOrder } from "@/lib/server/orders/place";
import { payByCard } from "@/lib/server/payments/checkout";
import { orderToJson } from "@/lib/server/orders/to-json";
import { prismaOf } from "@/lib/server/platform/sql";
import { requireUser } from "@/lib/server/web/session";
import { submitOrderSchema } from "@/lib/validation/checkout";

// PUT /api/orders/{id}/submit - { deliveryOption, scheduledFor?, tipPercent | tip, paymentMethod }
// -> the Submitted order, priced and (for wallet) charged in one transaction; a card is authorized first
// (lib/server/payments/checkout.ts: a decline or a 3-D Secure challenge is a 402 and the order stays Active). 409 when not Active.
// With `cartId`, 409 when another order of that cart was submitted (one cart, one order).
// `promoCode`: a promotion's code (422 beside it when it does not apply; 429 after ten such in an hour).
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, submitOrderSchema);
  const key = idempotencyKeyOf(request);
  const answer = await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), input.promoCode, "promoCode", () =>
    payByCard(user, input, { prefix: "" }, "/checkout", () =>
      idempotent(
        { userId: user.id, name: `orders.submit.${id}`, key, request: input },
        async (sql) => {
          const submitted = await placeOrder(sql, user, { activeOrderId: id }, input);
          if (input.cartId) await claimCart(prismaOf(sql), user.id, input.cartId, submitted.id);
          return { status: 200, body: orderToJson(submitted) };
        },
        { prisma: true },
      ),
    ),
  );
  return json(answer.body, answer.status);
});
