import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { requestLocale, translatorFor, wordsFor } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { STEP_NAME, STOP_NAME, type StopStep } from "../dispatch/stop-flag";
import type { ReasonKey, ReasonWords } from "@/lib/shared/words/stored-texts";

// Stored texts in the reader's language: an order's reason is stored by its key (lib/shared/words/stored-texts.ts)
// and written from the reader's choices; a delivery's flag lines are still stored in English and read here.

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
