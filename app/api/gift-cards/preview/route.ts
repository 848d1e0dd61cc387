import { previewGiftCards } from "@/lib/server/gift-cards/preview";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

export const POST = handle("POST /api/gift-cards/preview", async ({ request, user, body }) =>
  previewGiftCards(user, body.csv, body.currency, languageOfRequest(request)),
);
