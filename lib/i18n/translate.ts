import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import { config } from "@/lib/server/platform/config";
import { LANGUAGE_COOKIE, directionOf, localeOf, type Dir, type Locale } from "./locale";

// One message catalogue per language (ICU messages: plurals, selects, arguments), read through
// use-intl's translator on the server; a page hands finished strings to its client components,
// so no catalogue and no message formatter is in any page's JavaScript (docs/architecture/languages.md).
export type Messages = typeof en;

/** A key French lacks is English's: the catalogues merged over English, once. */
function over(base: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const under = base[key];
    merged[key] =
      value && typeof value === "object" && under && typeof under === "object" ? over(under as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return merged;
}

const CATALOGUES: Record<Locale, Messages> = { en, es: over(en, es) as Messages, fr: over(en, fr) as Messages };

/** The request's language (lib/i18n/locale.ts localeOf), read once per request. */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [jar, all] = await Promise.all([cookies(), headers()]);
  return localeOf(jar.get(LANGUAGE_COOKIE)?.value, all.get("accept-language") ?? undefined);
});

/** The request's writing direction, `<html dir>`: its language's; the mirror pseudo-locale's outside production. */
export const requestDir = cache(async (): Promise<Dir> => {
  const jar = await cookies();
  return directionOf(await requestLocale(), jar.get(LANGUAGE_COOKIE)?.value, config().deployment !== "production");
});

/** A translator for one namespace in a given language (mail, push, receipts: the person's language). */
export function translatorFor<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: CATALOGUES[locale], namespace });
}

/** A translator for one namespace in the request's language: `const t = await getT("footer")`. */
export async function getT<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(namespace: N) {
  return translatorFor(await requestLocale(), namespace);
}
