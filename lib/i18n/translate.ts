import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { ENGLISH, SOURCES } from "./catalogues";
import { config } from "@/lib/server/platform/config";
import { LANGUAGE_COOKIE, directionOf, localeOf, type Dir, type Locale } from "./locale";
import type { Messages } from "./words";

// One message catalogue per language (ICU messages: plurals, selects, arguments), read through
// use-intl's translator on the server; a page hands finished strings to its client components,
// so no catalogue and no message formatter is in any page's JavaScript (docs/architecture/languages.md).
export type { Messages };

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

const CATALOGUES: Record<Locale, Messages> = { en: ENGLISH, es: over(ENGLISH, SOURCES.es) as Messages, fr: over(ENGLISH, SOURCES.fr) as Messages };

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

type Tree = { [key: string]: string | Tree };
/** A namespace's messages finished, an argument kept as "{name}" for the browser's fill() (lib/shared/words/fill.ts); no plurals there. */
function finished(tree: Tree, t: (key: string, values: Record<string, string>) => string, prefix: string): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] =
      typeof value === "string"
        ? t(prefix + key, Object.fromEntries([...value.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `{${name}}`])))
        : finished(value, t, `${prefix}${key}.`);
  }
  return out;
}

/**
 * The words of a screen's client components, in the request's language: a namespace of the
 * catalogue as finished strings, handed over as props (`words={await getWords("cart")}`); the
 * browser fills an argument with `fill(words.x, { count })` and ships no catalogue or formatter.
 */
export async function getWords<N extends keyof Messages>(namespace: N): Promise<Messages[N]> {
  return wordsFor(await requestLocale(), namespace);
}

// A namespace's finished words depend on nothing of the request: made once per language.
const wordsMade = new Map<string, unknown>();

/** getWords in a given language. */
export function wordsFor<N extends keyof Messages>(locale: Locale, namespace: N): Messages[N] {
  const key = `${locale}:${namespace}`;
  if (!wordsMade.has(key)) {
    const t = createTranslator({ locale, messages: CATALOGUES[locale] }) as unknown as (key: string, values: Record<string, string>) => string;
    wordsMade.set(key, finished(CATALOGUES[locale][namespace] as unknown as Tree, t, `${namespace}.`));
  }
  return wordsMade.get(key) as Messages[N];
}
