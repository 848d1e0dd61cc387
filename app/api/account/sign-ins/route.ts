import { listLinkedSignIns } from "@/lib/server/accounts/linked-sign-ins";
import { startFlow } from "@/lib/server/accounts/sign-in-flows";
import { offeredProvider } from "@/lib/server/accounts/sign-in-providers";
import { forbidden } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { setFlowCookie } from "@/lib/server/web/sign-in-cookie";
import { said } from "@/lib/shared/words/said";

export const GET = handle("GET /api/account/sign-ins", async ({ user }) => ({ signIns: await listLinkedSignIns(user) }));

export const POST = handle("POST /api/account/sign-ins", async ({ request, user, body }) => {
  if (user.guestAccount) throw forbidden(said("messages.signUpSignIns"));
  const { url, state, seconds } = await startFlow(request, offeredProvider(body.provider), { linkFor: user });
  await setFlowCookie(state, seconds);
  return { url };
});
