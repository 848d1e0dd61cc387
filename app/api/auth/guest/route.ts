import { config } from "@/lib/server/platform/config";
import { startSession } from "@/lib/server/web/session";
import { createGuest, userToJson } from "@/lib/server/accounts/users";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { statedLanguageOf } from "@/lib/server/web/request-language";
import { saveDemoCard } from "@/lib/server/payments/methods";

export const POST = handle("POST /api/auth/guest", async ({ request }) => {
  const user = await createGuest(clientAddress(request, config().trustProxy), statedLanguageOf(request));
  // With demo data on, the account starts with the test Visa 4242 as its default card (payments.md).
  await saveDemoCard(user.id);
  await startSession(user);
  return userToJson(user);
});
