import { json, parseBody, route } from "@/lib/server/web/http";
import { cardToJson, listCards, saveCard } from "@/lib/server/payments/methods";
import { requireUser } from "@/lib/server/web/session";
import { saveCardSchema } from "@/lib/validation/payments";

// GET /api/payment-methods - the caller's saved cards (brand, last four, expiry; the default first).
export const GET = route(async () => {
  const user = await requireUser();
  return json({ paymentMethods: (await listCards(user)).map(cardToJson) });
});

// POST /api/payment-methods { paymentMethodId: "pm_...", makeDefault? } - a card the browser tokenized at the provider, saved -> 201 the card.
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, saveCardSchema);
  return json(cardToJson(await saveCard(user, input)), 201);
});
