import type { NextRequest } from "next/server";
import { config } from "@/lib/server/platform/config";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_SECONDS, MIRRORED, isLocale } from "@/lib/i18n/locale";
import { saveLanguage } from "@/lib/server/accounts/users";
import { getCurrentUser } from "@/lib/server/web/session";

// The footer's language links (components/shell/footer.tsx): plain links, no JavaScript on any
// page. /language/es keeps Spanish for this browser (a cookie, a year) and goes back to the page
// the link was on (its Referer, when it is this site's), else to the landing page. The cookie is
// only a preference: nothing is unsafe to set from another site's link. Signed in, the account's
// setting (User.language: mail and push) follows: a GET that changes a display preference only,
// the same from another site's link as from ours. An unknown language is a 404; so is the mirror
// pseudo-locale /language/en-XB (English right to left, for trying layouts) in production.
export async function GET(request: NextRequest, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  const mirrored = code === MIRRORED && config().deployment !== "production";
  if (!isLocale(code) && !mirrored) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const user = await getCurrentUser();
  if (user && isLocale(code) && user.language !== code) await saveLanguage(user.id, code);
  const secure = config().secureCookies ? "; Secure" : "";
  return new Response(null, {
    status: 303,
    headers: {
      Location: backTo(request),
      "Set-Cookie": `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure}`,
      "Cache-Control": "no-store",
    },
  });
}

/** The page the link was on: the Referer's path and query when it is this origin's, else "/". */
function backTo(request: NextRequest): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    if (from.host !== request.headers.get("host") || from.pathname.startsWith("/language/")) return "/";
    return `${from.pathname}${from.search}`;
  } catch {
    return "/";
  }
}
