import { z } from "zod";
import { dollarsToCents } from "@/lib/money";
import type { FieldErrors } from "./form-values";

export { formNumber, type FieldErrors } from "./form-values";

// Field builders shared by the owner schemas (restaurant and menu item), and the one way every
// form turns a failed parse into messages beside its fields. Client-safe, but it brings zod:
// client components load it lazily (see lib/client/lazy-module.ts).

/** A required text: missing, not a string and blank all answer `required`. */
export const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

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

/** A schema's issues as { field: first message } (the form shows one message per field). */
export function issuesByField(schema: z.ZodType, body: unknown): FieldErrors {
  const result = schema.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
