import { createTranslator } from "use-intl/core";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { writeSaid } from "@/lib/shared/words/said";
import { saidTimeIn } from "@/lib/shared/time/format-date";

// A said message (lib/shared/words/said.ts) in English, as the API answers it: for the tests that
// compare an answer with the rule that made it.

type Writer = (key: string, values?: Record<string, string>) => string;
const errors = createTranslator({ locale: "en", messages: ENGLISH, namespace: "server.errors" }) as unknown as Writer;
const lines = createTranslator({ locale: "en", messages: ENGLISH, namespace: "lines" }) as unknown as Writer;
const t: Writer = (key, values) => (key.startsWith("lines.") ? lines(key.slice("lines.".length), values) : errors(key, values));

/** `text` as the English catalogue writes it (other text as it is). */
export const inEnglish = (text: string): string => writeSaid(text, t, (time) => saidTimeIn(time));

/** A zod issue with its message in English. */
export const englishIssue = <I extends { message: string }>(issue: I): I => ({ ...issue, message: inEnglish(issue.message) });

/** `value` with every said string in it (a message, a field's, a list or an object of them) in English. */
export function english<T>(value: T): T {
  if (typeof value === "string") return inEnglish(value) as T;
  if (Array.isArray(value)) return value.map(english) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, english(item)])) as T;
  return value;
}

/** A said table (lib/validation's `*_SAID`) in English: each entry, and each entry a function makes, as the API answers it. */
export function englishTable<T extends Record<string, unknown>>(table: T): T {
  return Object.fromEntries(
    Object.entries(table).map(([key, entry]) => [
      key,
      typeof entry === "function" ? (...args: unknown[]) => english((entry as (...a: unknown[]) => unknown)(...args)) : english(entry),
    ]),
  ) as T;
}

/** The slots' English (the catalogue's lines.slots), for the tests that compute a restaurant's slots as the API does. */
export const englishSlots = { words: ENGLISH.lines.slots, locale: "en" } as const;
