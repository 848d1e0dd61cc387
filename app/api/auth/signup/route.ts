import { config } from "@/lib/server/platform/config";
import { getCurrentUser, startSession } from "@/lib/server/web/session";
import { signUp, userToJson } from "@/lib/server/accounts/users";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { statedLanguageOf } from "@/lib/server/web/request-language";
import { saveDemoCard } from "@/lib/server/payments/methods";

export const POST = handle("POST /api/auth/signup", async ({ request, body }) => {
  // The page's language (its cookie, else the browser's) becomes the person's: the welcome and verification mails are in it.
  const user = await signUp(body, await getCurrentUser(), clientAddress(request, config().trustProxy), statedLanguageOf(request));
  // With demo data on, the account starts with the test Visa 4242 as its default card (payments.md).
  await saveDemoCard(user.id);
  await startSession(user);
  return userToJson(user);
});
