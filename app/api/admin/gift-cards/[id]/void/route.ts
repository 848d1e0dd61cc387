import { voidGiftCard } from "@/lib/server/gift-cards/void";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/gift-cards/{id}/void", async ({ operator, params, body }) => voidGiftCard(operator, params.id, body.reason));
