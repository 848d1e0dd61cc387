import { NextResponse, type NextRequest } from "next/server";
import { ownOrigin } from "@/lib/edge/request-guard";
import { finishFlow, keepPostedAnswer } from "@/lib/server/accounts/sign-in-flows";
import { offeredProvider } from "@/lib/server/accounts/sign-in-providers";
import { config } from "@/lib/server/platform/config";
import { MAX_JSON_BYTES, jsonTooLarge, readCapped } from "@/lib/server/web/body";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { statedLanguageOf } from "@/lib/server/web/request-language";
import { getCurrentUser, startSession } from "@/lib/server/web/session";
import { takeFlowCookie } from "@/lib/server/web/sign-in-cookie";

// The provider's answer (docs/architecture/accounts-security.md "Google and Apple"): every outcome
// is a page, so both methods answer 303 See Other to it.
function seeOther(request: NextRequest, path: string) {
  const answer = NextResponse.redirect(new URL(path, ownOrigin(request) ?? request.nextUrl.origin), 303);
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}

export const GET = handle("GET /api/auth/oidc/{provider}/callback", async ({ request, params }) => {
  const provider = offeredProvider(params.provider);
  const path = await finishFlow(request, provider, {
    cookieState: await takeFlowCookie(request),
    current: await getCurrentUser(),
    address: clientAddress(request, config().trustProxy),
    language: statedLanguageOf(request),
    startSession,
  });
  return seeOther(request, path);
});

// Apple's form_post, sent cross-site without the browser's SameSite cookies: kept, then on to the GET.
export const POST = handle(
  "POST /api/auth/oidc/{provider}/callback",
  async ({ request, params }) => {
    const provider = offeredProvider(params.provider);
    const form = new URLSearchParams(new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES, jsonTooLarge)));
    return seeOther(request, await keepPostedAnswer(request, provider, form));
  },
  { body: "handler" },
);
