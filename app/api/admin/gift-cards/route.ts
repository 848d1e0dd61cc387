import { everyGiftCard } from "@/lib/server/gift-cards/read";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/gift-cards", async ({ operator, query }) => ({ giftCards: await everyGiftCard(operator, query) }));
