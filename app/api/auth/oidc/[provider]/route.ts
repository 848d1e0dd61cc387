import { startFlow } from "@/lib/server/accounts/sign-in-flows";
import { offeredProvider } from "@/lib/server/accounts/sign-in-providers";
import { handle } from "@/lib/server/web/handle";
import { setFlowCookie } from "@/lib/server/web/sign-in-cookie";

export const POST = handle("POST /api/auth/oidc/{provider}", async ({ request, params, body }) => {
  const { url, state, seconds } = await startFlow(request, offeredProvider(params.provider), { next: body.next });
  await setFlowCookie(state, seconds);
  return { url };
});
