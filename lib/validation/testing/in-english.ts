import { createTranslator } from "use-intl/core";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { writeSaid } from "@/lib/shared/said";

// A said message (lib/shared/said.ts) in English, as the API answers it: for the tests that
// compare an answer with the rule that made it.

const t = createTranslator({ locale: "en", messages: ENGLISH, namespace: "server.errors" }) as unknown as (key: string, values?: Record<string, string>) => string;

/** `text` as the English catalogue writes it (other text as it is). */
export const inEnglish = (text: string): string => writeSaid(text, t);

/** A zod issue with its message in English. */
export const englishIssue = <I extends { message: string }>(issue: I): I => ({ ...issue, message: inEnglish(issue.message) });
