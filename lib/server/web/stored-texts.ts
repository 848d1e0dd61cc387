import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { requestLocale, translatorFor, wordsFor } from "@/lib/i18n/translate";
import { flagText, type FailureWords, type FlagWords, type ReasonKey, type ReasonWords, type StoredFlag } from "@/lib/shared/words/stored-texts";
import { FAILURE_REASONS } from "@/lib/shared/delivery/delivery";

// Stored texts in the reader's language: an order's reason, a failed delivery's and a delivery's
// flags are stored by their keys (lib/shared/words/stored-texts.ts) and written from the reader's words.

const made = new Map<Locale, ReasonWords>();

/** The reasons' words in `locale` (the catalogue's server.storedTexts.choices, by key), for a screen or a mail that writes an order's reason. */
export function reasonWordsIn(locale: Locale): ReasonWords {
  let words = made.get(locale);
  if (!words) {
    const t = translatorFor(locale, "server.storedTexts.choices");
    words = Object.fromEntries((Object.keys(ENGLISH.server.storedTexts.choices) as ReasonKey[]).map((key) => [key, t(key)])) as ReasonWords;
    made.set(locale, words);
  }
  return words;
}

/** reasonWordsIn for the request's language. */
export const reasonWords = async (): Promise<ReasonWords> => reasonWordsIn(await requestLocale());

/** The failed deliveries' reasons' words in `locale` (four of the choices), for a screen that needs only those (the live orders' banner). */
export const failureWordsIn = (locale: Locale): FailureWords => {
  const words = reasonWordsIn(locale);
  return Object.fromEntries(FAILURE_REASONS.map(({ key }) => [key, words[key]])) as FailureWords;
};

/** The flags' words in `locale` (server.storedTexts.flags, its metres the courier's "{n} m"), for a screen that writes a delivery's flags (flagText). */
export function flagWordsIn(locale: Locale): FlagWords {
  const t = translatorFor(locale, "server.storedTexts.flags");
  const kept = (...names: string[]) => Object.fromEntries(names.map((name) => [name, `{${name}}`]));
  return {
    noPosition: t("noPosition", kept("step")),
    away: t("away", kept("step", "distance", "stop", "accuracy")),
    steps: { arrived: t("steps.arrived"), picked_up: t("steps.picked_up"), delivered: t("steps.delivered") },
    stops: { restaurant: t("stops.restaurant"), dropoff: t("stops.dropoff") },
    m: wordsFor(locale, "courier").units.m,
  };
}

/** A job's flags (its JSON's `flags`, else its `flagReason`: lines from before the keys, as written) in `locale`. */
export const flagLinesIn = (locale: Locale, job: { flags: StoredFlag[] | null; flagReason: string | null }): string | null =>
  job.flags ? flagText(job.flags, flagWordsIn(locale)) : job.flagReason;
