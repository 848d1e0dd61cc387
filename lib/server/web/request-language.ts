import { LANGUAGE_COOKIE, MIRRORED, localeOf, type Locale } from "@/lib/i18n/locale";

/**
 * A request's language, read from the request itself (an error's answer, a downloaded receipt):
 * the footer's cookie, else the best of Accept-Language, else English (lib/i18n/locale.ts).
 * Route handlers and the host's own routes alike, without next/headers.
 */
export const languageOfRequest = (request: { cookies: { get(name: string): { value: string } | undefined }; headers: Headers }): Locale =>
  localeOf(request.cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get("accept-language") ?? undefined);

/**
 * The language a request states (the footer's cookie, or an Accept-Language: the page's language
 * as it was shown), null when it states none: what sign-up, a guest and a courier application
 * keep as the person's language (User.language) until they choose another. The mirror
 * pseudo-locale (a layout test's cookie) is no one's language: it states none, and stays the browser's.
 */
export function statedLanguageOf(request: Parameters<typeof languageOfRequest>[0]): Locale | null {
  const cookie = request.cookies.get(LANGUAGE_COOKIE)?.value;
  if (cookie === MIRRORED) return null;
  return cookie || request.headers.get("accept-language") ? languageOfRequest(request) : null;
}
