import { LANGUAGE_COOKIE, localeOf, type Locale } from "@/lib/i18n/locale";

/**
 * A request's language, read from the request itself (an error's answer, a downloaded receipt):
 * the footer's cookie, else the best of Accept-Language, else English (lib/i18n/locale.ts).
 * Route handlers and the host's own routes alike, without next/headers.
 */
export const languageOfRequest = (request: { cookies: { get(name: string): { value: string } | undefined }; headers: Headers }): Locale =>
  localeOf(request.cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get("accept-language") ?? undefined);
