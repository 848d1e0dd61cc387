import { quoteOrder } from "@/lib/server/orders/quote";
import { config } from "@/lib/server/platform/config";
import { sqlTransaction } from "@/lib/server/platform/sql";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { clientAddress, json, parseBody, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { quoteOrderSchema } from "@/lib/validation/orders";

// POST /api/orders/quote - PUT /api/orders/{id}/submit's body with `orderId` (the Active order), or
// POST /api/orders' body with `submit` (a cart) -> { subtotal, deliveryFee, priorityFee, serviceFee,
// tip, discount, total, promotion }: what placing it would charge now, without placing anything.
// A promo code that does not apply is the same 422 (and counts toward the same 429).
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, quoteOrderSchema);
  const submit = "submit" in input ? input.submit : input;
  const source = "submit" in input ? { cart: input } : { activeOrderId: input.orderId };
  const field = "submit" in input ? "submit.promoCode" : "promoCode";
  const quote = await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), submit.promoCode, field, () =>
    sqlTransaction((sql) => quoteOrder(sql, user, source, submit), { prisma: true }),
  );
  return json(quote);
});
