import "server-only";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locale";
import { requestLocale, translatorFor, wordsFor } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { STEP_NAME, STOP_NAME, type StopStep } from "../dispatch/stop-flag";
import type { StoredTextWords } from "@/lib/shared/words/stored-texts";

// The fixed-choice texts stored in English (lib/shared/words/stored-texts.ts), by their English words,
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

const STEP_BY_NAME = new Map(Object.entries(STEP_NAME).map(([step, name]) => [name, step as StopStep]));
const STEPS = Object.values(STEP_NAME).join("|");
const NO_POSITION = new RegExp(`^(${STEPS}) with no position in the last 2 minutes$`);
const AWAY = new RegExp(`^(${STEPS}) (\\d+) m from (${[...new Set(Object.values(STOP_NAME))].join("|")}) \\(position accuracy (\\d+) m\\)$`);

/**
 * A delivery's flag (DeliveryJob.flagReason, courier-steps/at-stop.ts: its lines joined by "; ")
 * in `locale`: each line the server writes in the reader's words, its metres in their "{n} m";
 * anything else as stored. English as stored.
 */
export function flagReasonIn(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const t = translatorFor(locale, "server.storedTexts.flags") as unknown as (key: string, values?: Record<string, string>) => string;
  const metres = (n: string) => fill(wordsFor(locale, "courier").units.m, { n });
  const step = (name: string) => t(`steps.${STEP_BY_NAME.get(name)}`);
  return text
    .split("; ")
    .map((line) => {
      const none = NO_POSITION.exec(line);
      if (none) return t("noPosition", { step: step(none[1]!) });
      const away = AWAY.exec(line);
      if (!away) return line;
      const stop = t(away[3] === STOP_NAME.delivered ? "stops.dropoff" : "stops.restaurant");
      return t("away", { step: step(away[1]!), distance: metres(away[2]!), stop, accuracy: metres(away[4]!) });
    })
    .join("; ");
}
