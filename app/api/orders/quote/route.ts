import { quoteOrder } from "@/lib/server/orders/quote";
import { config } from "@/lib/server/platform/config";
import { sqlTransaction } from "@/lib/server/platform/sql";
import { withPromoCodeGuard } from "@/lib/server/promotions/guesses";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { errorTextIn } from "@/lib/server/platform/errors";

export const POST = handle("POST /api/orders/quote", ({ request, user, body }) => {
  const submit = "submit" in body ? body.submit : body;
  const source = "submit" in body ? { cart: body } : { activeOrderId: body.orderId };
  const field = "submit" in body ? "submit.promoCode" : "promoCode";
  return withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), submit.promoCode, field, async () => {
    const quote = await sqlTransaction((sql) => quoteOrder(sql, user, source, submit), { prisma: true });
    // Why an offer does not apply, in the request's language (an offer's reasons are the catalogue's: promotions/offers.ts).
    const locale = languageOfRequest(request);
    return { ...quote, unavailableOffers: quote.unavailableOffers.map((offer) => ({ ...offer, reason: errorTextIn(locale, offer.reason) })) };
  });
});
