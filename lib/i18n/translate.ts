import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { _createCache, _createIntlFormatters, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { ENGLISH, SOURCES } from "./catalogues";
import { config } from "@/lib/server/platform/config";
import { LANGUAGE_COOKIE, LOCALES, directionOf, localeOf, type Dir, type Locale } from "./locale";
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

// use-intl's cache per language, shared by all its translators (next-intl shares one per request):
// a message parsed once, an Intl formatter made once. Its keys are a message's text and Intl options,
// never the values filled in, so it holds at most the catalogue's messages and nothing of a request.
const FORMATTING = Object.fromEntries(
  LOCALES.map((locale) => {
    const cache = _createCache();
    return [locale, { _cache: cache, _formatters: _createIntlFormatters(cache) }];
  }),
) as Record<Locale, { _cache: ReturnType<typeof _createCache>; _formatters: ReturnType<typeof _createIntlFormatters> }>;

type Values = Record<string, unknown>;
type Fill = (values: Values) => string | undefined;
const NONE: Values = {};

/** A message of text and `{name}` arguments only (no plural, select, tag or ICU quoting) as its split, filled when each argument is a string. */
function split(message: unknown): Fill | null {
  if (typeof message !== "string" || /'['{}<>#|]|</.test(message)) return null;
  const parts = message.split(/\{(\w+)\}/);
  if (parts.some((part, i) => i % 2 === 0 && /[{}]/.test(part))) return null;
  return (values) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const value = values[parts[i]];
      if (typeof value !== "string") return undefined;
      out += value + parts[i + 1];
    }
    return out;
  };
}

/**
 * use-intl's translator, a plain message filled from its split (made once per key): use-intl's string
 * (lib/i18n/catalogue.test.ts), ~0.1 us a call where use-intl's, cached, is ~10 (most of it the JSON
 * key of its cache): the bell words twenty rows a read. A number, plural, select or date, or an
 * argument not given, is use-intl's to format or report.
 */
function splitting<T extends object>(translate: T): T {
  const t = translate as unknown as { (key: string, ...rest: unknown[]): string; has(key: string): boolean; raw(key: string): unknown };
  const splits = new Map<string, Fill | null>();
  const fill = (key: string, values?: Values, ...rest: unknown[]) => {
    let made = splits.get(key);
    if (made === undefined && t.has(key)) splits.set(key, (made = split(t.raw(key))));
    return (made && made(values ?? NONE)) ?? t(key, values, ...rest);
  };
  return Object.assign(fill, translate) as unknown as T;
}

const translators = new Map<string, unknown>();

/** A translator for one namespace in a given language (mail, push, receipts: the person's language), made once per language and namespace. */
export function translatorFor<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(locale: Locale, namespace: N) {
  const key = `${locale}:${namespace}`;
  let t = translators.get(key) as ReturnType<typeof createTranslator<Messages, N>> | undefined;
  if (!t) translators.set(key, (t = splitting(createTranslator({ locale, messages: CATALOGUES[locale], namespace, ...FORMATTING[locale] }))));
  return t;
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
    // Not on the language's shared cache: what it parses is kept here as finished strings, and kept
    // there too it held every page namespace's parsed messages (+5 MB of heap, aged-server.spec.ts).
    const t = createTranslator({ locale, messages: CATALOGUES[locale] }) as unknown as (key: string, values: Record<string, string>) => string;
    wordsMade.set(key, finished(CATALOGUES[locale][namespace] as unknown as Tree, t, `${namespace}.`));
  }
  return wordsMade.get(key) as Messages[N];
}
