import { redeemGiftCard } from "@/lib/server/gift-cards/redeem";
import { config } from "@/lib/server/platform/config";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

// Unknown codes count against the account and the client's address (platform/throttle.ts giftCodeGuesses).
export const POST = handle("POST /api/gift-cards/redeem", async ({ request, user, body }) =>
  redeemGiftCard(user, body.code, clientAddress(request, config().trustProxy)),
);
