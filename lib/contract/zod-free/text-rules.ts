import { said, word } from "@/lib/shared/words/said";

// What every free-text field accepts. Zod-free, so the forms and the
// zod-free rules (auth-rules.ts) share it; ../fields.ts builds the zod field on it.
//
// A value is refused when it holds control characters (C0, DEL, C1; a multi-line text such as
// a review or a description may hold tab and line breaks), bidirectional overrides and isolates
// (U+202A-U+202E, U+2066-U+2069, which make text display in another order than it is stored)
// or lone surrogates (half of a UTF-16 pair: not text at all). An accepted value is NFC
// normalized and loses whitespace and zero-width characters (spaces and joiners, U+2060,
// U+FEFF) at both ends; a value of nothing but invisible characters is blank.

const BIDI_AND_BROKEN = "\\u202A-\\u202E\\u2066-\\u2069\\p{Cs}";
const FORBIDDEN = new RegExp(`[\\p{Cc}${BIDI_AND_BROKEN}]`, "u");
const FORBIDDEN_MULTILINE = new RegExp(`[\\0-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F${BIDI_AND_BROKEN}]`, "u");
// Whitespace, format characters (Cf) and the fillers that render as nothing. The ends lose only
// whitespace and the zero-width ones: other format characters end emoji tag sequences (flags).
const FILLERS = "\\u115F\\u1160\\u3164\\uFFA0\\u2800";
const INVISIBLE_ONLY = new RegExp(`^[\\p{White_Space}\\p{Cf}${FILLERS}]*$`, "u");
const EDGE = `[\\p{White_Space}\\u200B-\\u200D\\u2060\\uFEFF${FILLERS}]`;
const INVISIBLE_ENDS = new RegExp(`^${EDGE}+|${EDGE}+$`, "gu");

/** A free-text field's refusals, said with the field's word (`word("name")`) or its API name. */
export const charactersRefused = (label: string) => said("messages.characters", { label });
export const blankRefused = (label: string) => said("messages.blank", { label });

/** True when `value` holds a character no free-text field takes (see above). */
export function hasForbiddenCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(value);
}

/** True for "" and for values made only of whitespace and invisible characters. */
export function isInvisible(value: string): boolean {
  return INVISIBLE_ONLY.test(value);
}

/** NFC, without whitespace and invisible characters at either end. */
export function normalizeText(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE_ENDS, "");
}

/**
 * The zod-free check of one field (`label` its word: `word("name")`): the message for a refused value, or null. `required` is the
 * field's message for a blank value (none: blank is allowed, the field is optional).
 */
export function textError(label: string, value: string, { required, multiline = false }: { required?: string; multiline?: boolean } = {}): string | null {
  if (hasForbiddenCharacters(value, { multiline })) return charactersRefused(label);
  if (required !== undefined && isInvisible(value)) return required;
  return null;
}

/** A password is taken as typed (never trimmed or normalized), but not blank or with control characters. */
export function passwordError(value: string): string | null {
  if (hasForbiddenCharacters(value)) return charactersRefused(word("password"));
  if (isInvisible(value)) return blankRefused(word("password"));
  return null;
}
