import { z } from "zod";
import { dollarsToCents } from "@/lib/shared/money/money";
import type { FieldErrors, RuleWords } from "../zod-free/form-values";
import { blankRefused, charactersRefused, hasForbiddenCharacters, isInvisible, normalizeText } from "../zod-free/text-rules";
import { said } from "@/lib/shared/words/said";

export { formNumber, inWords, type FieldErrors, type RuleWords } from "../zod-free/form-values";

// Field builders shared by the owner schemas (restaurant and menu item), and the one way every
// form turns a failed parse into messages beside its fields. Client-safe, but it brings zod:
// client components load it lazily (see lib/client/lazy-module.ts).

type TextOptions = {
  /** The message for a missing or blank value; without it the field may be blank (""). */
  required?: string;
  /** Tab and line breaks allowed (reviews, descriptions, delivery instructions). */
  multiline?: boolean;
};

/**
 * Every free-text field of every schema (rules in zod-free/text-rules.ts), `label` its word (`word("name")`): characters
 * that are not text are refused first ("<label> contains characters that are not allowed"),
 * then the value is NFC normalized and trimmed (zero-width characters too), and a blank one is
 * `required`'s message when the field is required. Chain length and format checks after it.
 */
export const freeText = (label: string, { required, multiline = false }: TextOptions = {}) => {
  const base = z
    .string({ error: required ?? said("messages.notText", { label }) })
    .refine((value) => !hasForbiddenCharacters(value, { multiline }), { message: charactersRefused(label), abort: true })
    .overwrite(normalizeText);
  return required === undefined
    ? base.refine((value) => value === "" || !isInvisible(value), { message: blankRefused(label), abort: true })
    : base.refine((value) => !isInvisible(value), { message: required, abort: true });
};

/** A required text: missing, not a string and blank all answer `required`. */
export const requiredText = (label: string, required: string, options: Omit<TextOptions, "required"> = {}) => freeText(label, { ...options, required });

/** A JSON number; a missing value and a string (even "5") are told apart in the message. */
export const numberInput = (required: string, notNumber: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notNumber) });

/** Dollars with at most two decimals, as integer cents. */
export const dollarsInput = (base: z.ZodNumber, decimals: string) =>
  base.transform((dollars, ctx) => {
    const cents = dollarsToCents(dollars);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: decimals });
      return z.NEVER;
    }
    return cents;
  });

/** A schema's issues as { field: first message } (the form shows one message per field), in `words` where given (RuleWords). */
export function issuesByField(schema: z.ZodType, body: unknown, words?: RuleWords): FieldErrors {
  const result = schema.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= words?.[issue.message] ?? issue.message;
  return errors;
}
