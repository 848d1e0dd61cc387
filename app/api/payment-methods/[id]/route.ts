import { cardToJson, listCards, removeCard } from "@/lib/server/payments/methods";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/payment-methods/{id}", async ({ user, params }) => {
  await removeCard(user, params.id);
  return { paymentMethods: (await listCards(user)).map(cardToJson) };
});
