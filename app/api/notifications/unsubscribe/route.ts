import { NextResponse, type NextRequest } from "next/server";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { errorTextIn } from "@/lib/server/platform/errors";
import { said } from "@/lib/shared/words/said";
import type { Locale } from "@/lib/i18n/locale";
import { isUnsubscribed, unsubscribe, verifyUnsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import { askPage, donePage, invalidPage, type PageText } from "@/lib/server/notifications/unsubscribe-page";
import { escapeHtml } from "@/lib/shared/web/escape-html";

// The one-click unsubscribe of every mail (RFC 8058; docs/architecture/notification-mail.md
// "Unsubscribe"). No session: the signed token names the person and the kind.
// GET - a small page with a button (mail scanners follow links, so GET changes nothing);
// a bad token is a 400 page. In the request's language (unsubscribe-page.ts).
// POST - turns that kind's email off: what mail providers send for List-Unsubscribe-Post
// (body "List-Unsubscribe=One-Click", ignored) and what the page's button sends. Answers
// { unsubscribed: true, kind } as JSON; a browser (Accept: text/html, the page's button) is sent
// 303 to GET ...&done=1, which shows "You are unsubscribed".

function page(locale: Locale, { title, body }: PageText, status = 200): NextResponse {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - Nosh</title></head>
<body style="margin:0;padding:24px 16px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a"><main style="max-width:480px;margin:0 auto">
<h1 style="font-size:24px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
  return new NextResponse(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const wantsHtml = (request: NextRequest) => (request.headers.get("accept") ?? "").includes("text/html");

export const GET = handle("GET /api/notifications/unsubscribe", async ({ request, query: { token, done } }) => {
  const locale = languageOfRequest(request);
  let userId, kind;
  try {
    ({ userId, kind } = verifyUnsubscribeToken(token));
  } catch (error) {
    if (!wantsHtml(request)) throw error;
    return page(locale, invalidPage(locale), 400);
  }
  if (done && (await isUnsubscribed(userId, kind))) return page(locale, donePage(locale, kind));
  return page(locale, askPage(locale, kind, token));
});

export const POST = handle("POST /api/notifications/unsubscribe", async ({ request, query: { token } }) => {
  const { kind } = await unsubscribe(token);
  if (wantsHtml(request)) {
    const after = new URL(request.url);
    // The body is the contract's error shape (every non-2xx status answers { message }).
    return NextResponse.json(
      { message: errorTextIn(languageOfRequest(request), said("done.unsubscribed")) },
      { status: 303, headers: { Location: `${after.pathname}?token=${encodeURIComponent(token)}&done=1` } },
    );
  }
  return { unsubscribed: true, kind };
});
