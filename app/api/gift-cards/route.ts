import { buyGiftCards } from "@/lib/server/payments/gift-card-purchase";
import { cardsSentBy } from "@/lib/server/gift-cards/read";
import { handle } from "@/lib/server/web/handle";

// 402 on a decline (nothing charged, no card); one Idempotency-Key buys once (the provider's authorization is the key's).
export const POST = handle("POST /api/gift-cards", async ({ user, body, idempotencyKey }) => buyGiftCards(user, body, idempotencyKey));

export const GET = handle("GET /api/gift-cards", async ({ user, query }) => ({ giftCards: await cardsSentBy(user, query) }));
