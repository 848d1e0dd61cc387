import Negotiator from "negotiator";

// The languages Nosh speaks (docs/architecture/languages.md). English is the default and the
// source: every key is written there first, with the spec's messages verbatim; Spanish has every
// English key (lib/i18n/catalogue.test.ts); French is started, and a key it lacks is English.
export const LOCALES = ["en", "es", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The visitor's choice from the footer (app/language/[code]/route.ts); a year. */
export const LANGUAGE_COOKIE = "nosh_lang";
export const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;
/** Each language in its own words, as the picker lists them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español", fr: "Français" };
/** Each language's writing direction, `<html dir>` (the layouts use logical CSS: lib/i18n/logical-css.test.ts). */
export type Dir = "ltr" | "rtl";
export const LOCALE_DIR: Record<Locale, Dir> = { en: "ltr", es: "ltr", fr: "ltr" };
/**
 * The mirror pseudo-locale, as the language cookie's value: English words laid out right to left
 * (after Chrome's and Android's bidi pseudo-locale ar-XB), so a test proves the layouts mirror
 * before Nosh speaks a right-to-left language. Mirrored outside production only (directionOf).
 */
export const MIRRORED = "en-XB";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

// The host asks this for every catalog page request (its kept page is per language): a header
// seen before is answered from here. Browsers send a handful of distinct values.
const negotiated = new Map<string, Locale>();

/**
 * The language of a request: the footer's choice (its cookie), else the best of the browser's
 * Accept-Language that Nosh speaks ("es-MX" is Spanish), else English.
 */
export function localeOf(cookieValue: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  if (cookieValue === MIRRORED) return DEFAULT_LOCALE;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const known = negotiated.get(acceptLanguage);
  if (known) return known;
  const best = new Negotiator({ headers: { "accept-language": acceptLanguage.slice(0, 256) } }).language([...LOCALES]);
  const locale = isLocale(best) ? best : DEFAULT_LOCALE;
  if (negotiated.size >= 200) negotiated.clear();
  negotiated.set(acceptLanguage, locale);
  return locale;
}

/** A request's writing direction: its language's, or right to left for the mirror pseudo-locale where it is honoured. */
export function directionOf(locale: Locale, cookieValue: string | undefined, pseudoLocales: boolean): Dir {
  return pseudoLocales && cookieValue === MIRRORED ? "rtl" : LOCALE_DIR[locale];
}
