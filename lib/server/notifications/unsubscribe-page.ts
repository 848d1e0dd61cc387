import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { NotificationKind } from "@/lib/shared/people/notifications";
import { said } from "@/lib/shared/words/said";
import { fill } from "@/lib/shared/words/fill";
import { escapeHtml } from "@/lib/shared/web/escape-html";
import { errorTextIn } from "../platform/errors";
import { kindLabel } from "./preferences";

// The unsubscribe page's words (app/api/notifications/unsubscribe/route.ts) in the reader's
// language, English from the English catalogue: server.unsubscribe, the kind's name as the
// preferences page says it. A message's text is escaped, then its arguments are put in as HTML
// (the kind in <strong>, the link to the notification choices).

/** An argument kept as "{name}" by the translator, for fill() once the text is escaped. */
const KEPT = { kind: "{kind}", choices: "{choices}" };
const CHOICES = "/account/notifications";

/** A page's title and its body's HTML. */
export type PageText = { title: string; body: string };

function wordsIn(locale: Locale) {
  const t = translatorFor(locale, "server.unsubscribe");
  const html = (text: string, values: Record<string, string>) => fill(escapeHtml(text), values);
  const kind = (of: NotificationKind) => `<strong>${escapeHtml(kindLabel(of, locale))}</strong>`;
  return { t, html, kind };
}

/** A link that is malformed, forged or tampered with: a 400 page pointing to the notification choices. */
export function invalidPage(locale: Locale): PageText {
  const { t, html } = wordsIn(locale);
  return {
    title: t("invalidTitle"),
    body: `<p>${html(t("invalidText", KEPT), { choices: `<a href="${CHOICES}">${escapeHtml(t("choices"))}</a>` })}</p>`,
  };
}

/** After the button: which emails stopped. */
export function donePage(locale: Locale, of: NotificationKind): PageText {
  const { t, html, kind } = wordsIn(locale);
  const change = translatorFor(locale, "mail")("preferences");
  return {
    title: errorTextIn(locale, said("done.unsubscribed")),
    body: `<p>${html(t("doneText", KEPT), { kind: kind(of) })}</p><p><a href="${CHOICES}">${escapeHtml(change)}</a></p>`,
  };
}

/** The link's page: asks, with the button that POSTs the token (GET changes nothing: mail scanners follow links). */
export function askPage(locale: Locale, of: NotificationKind, token: string): PageText {
  const { t, html, kind } = wordsIn(locale);
  return {
    title: t("askTitle"),
    body: `<p>${html(t("askText", KEPT), { kind: kind(of) })}</p>
<form method="post" action="/api/notifications/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit" style="font:inherit;padding:12px 20px;min-height:44px;border:0;border-radius:999px;background:#d8361f;color:#fff;cursor:pointer">${escapeHtml(t("button"))}</button></form>
<p style="font-size:14px;color:#555">${html(t("orChoose", KEPT), { choices: `<a href="${CHOICES}" style="color:#555">${escapeHtml(t("choices"))}</a>` })}</p>`,
  };
}
