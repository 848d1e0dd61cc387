import "server-only";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locale";
import { requestLocale, translatorFor } from "@/lib/i18n/translate";
import type { StoredTextWords } from "@/lib/shared/stored-texts";

// The fixed-choice texts stored in English (lib/shared/stored-texts.ts), by their English words,
// in a language: the catalogue's server.storedTexts.choices (stored-texts.test.ts holds its English equal
// to the code's constants). None for English: the texts are shown as stored.

const made = new Map<Locale, StoredTextWords>();

/** English stored text -> its words in `locale`; undefined in English. */
export function storedTextWordsIn(locale: Locale): StoredTextWords | undefined {
  if (locale === "en") return undefined;
  let words = made.get(locale);
  if (!words) {
    const t = translatorFor(locale, "server.storedTexts.choices") as unknown as (key: string) => string;
    words = Object.fromEntries(Object.entries(ENGLISH.server.storedTexts.choices).map(([key, english]) => [english, t(key)]));
    made.set(locale, words);
  }
  return words;
}

/** storedTextWordsIn for the request's language. */
export const storedTextWords = async () => storedTextWordsIn(await requestLocale());
