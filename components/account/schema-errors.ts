import type { ZodType } from "zod";

/** The first message per field of a failed parse, keyed by the field's name. */
export function schemaErrorsOf(schema: ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
