import { json, parseId, route } from "@/lib/server/web/http";
import { cardToJson, listCards, removeCard } from "@/lib/server/payments/methods";
import { requireUser } from "@/lib/server/web/session";

// DELETE /api/payment-methods/{id} - one of the caller's saved cards removed (another's: 404) -> the cards left.
export const DELETE = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  await removeCard(user, id);
  return json({ paymentMethods: (await listCards(user)).map(cardToJson) });
});
