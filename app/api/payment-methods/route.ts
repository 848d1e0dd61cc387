import { cardToJson, listCards, saveCard } from "@/lib/server/payments/methods";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/payment-methods", async ({ user }) => ({ paymentMethods: (await listCards(user)).map(cardToJson) }));

export const POST = handle("POST /api/payment-methods", async ({ user, body }) => cardToJson(await saveCard(user, body)));
