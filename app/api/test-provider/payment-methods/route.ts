import { json, parseBody, route } from "@/lib/server/web/http";
import { tokenize } from "@/lib/server/payments/test-provider";
import { cardTokenSchema } from "@/lib/validation/payments";

// POST /api/test-provider/payment-methods { number, expMonth, expYear, cvc, postalCode } - the
// built-in test provider's tokenization endpoint (what a real provider hosts on its own domain):
// the browser's card form posts the card here, never to Nosh's order API; the answer is a payment
// method id with brand and last four. Nothing of the number is stored, logged or echoed.
export const POST = route(
  async (request) => {
    const card = await tokenize(await parseBody(request, cardTokenSchema));
    return json(card, 201);
  },
  { signedLink: true },
);
