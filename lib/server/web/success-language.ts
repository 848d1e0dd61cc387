import "server-only";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { errorTextIn } from "../platform/errors";
import { readSaid } from "@/lib/shared/words/said";

// A successful answer's human `message` ("Menu item deleted", "Logged out") in the request's
// language: handlers answer in English, as the contract quotes them, and handle() (./handle.ts)
// passes every JSON answer through answerIn, which looks its `message` up by its English text in
// `server.apiSuccess` (else `server.errors`, where a few screens' messages already are). English,
// and a message the catalogue lacks, stay byte for byte; a `message` that is not a string (an order
// chat's message object) is data, left alone.

type SuccessT = (key: string) => string;
let byEnglish: Map<string, string> | undefined;

/** One success message in `locale`: its catalogue entry, else as it came. */
export function successIn(locale: Locale, message: string): string {
  if (readSaid(message) || locale === "en") return errorTextIn(locale, message);
  byEnglish ??= new Map(Object.entries(ENGLISH.server.apiSuccess).map(([key, english]) => [english, key]));
  const key = byEnglish.get(message);
  return key ? (translatorFor(locale, "server.apiSuccess") as unknown as SuccessT)(key) : errorTextIn(locale, message);
}

/** A handler's JSON answer with its `message` in `locale`; the same object when nothing changes. */
export function answerIn<A>(locale: Locale, answer: A): A {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return answer;
  const { message } = answer as { message?: unknown };
  if (typeof message !== "string" || (locale === "en" && !readSaid(message))) return answer;
  const own = successIn(locale, message);
  return own === message ? answer : { ...answer, message: own };
}
