import { quoteOrder } from "@/lib/server/orders/quote";
import { config } from "@/lib/server/platform/config";
import { sqlTransaction } from "@/lib/server/platform/sql";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

export const POST = handle("POST /api/orders/quote", ({ request, user, body }) => {
  const submit = "submit" in body ? body.submit : body;
  const source = "submit" in body ? { cart: body } : { activeOrderId: body.orderId };
  const field = "submit" in body ? "submit.promoCode" : "promoCode";
  return withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), submit.promoCode, field, async () => {
    // The offers' labels and reasons in the request's language (the catalogue's lines.offers: lib/shared/money/promotions.ts).
    const locale = languageOfRequest(request);
    return sqlTransaction((sql) => quoteOrder(sql, user, source, submit, new Date(), locale), { prisma: true });
  });
});
