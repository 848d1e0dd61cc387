import { parseApiError } from "@/lib/client/use-api-action";
import { lazySchemas } from "@/lib/client/lazy-module";
import type { FieldErrors } from "@/lib/contract/zod-free/form-values";

// What the auth forms share: their values, the checks (form-rules.ts, built on the shared rules
// of lib/contract/accounts/auth-rules.ts so the page and the server never disagree; loaded after the page
// is up, as they bring zod) and the way a failed call becomes messages beside the fields.

export type { FieldErrors } from "@/lib/contract/zod-free/form-values";

export const authFormRules = lazySchemas(() => import("./form-rules"));

export type { CredentialValues, SignupModalValues, SignupValues } from "./form-values";

/**
 * Turns a failed auth call into field errors. `fieldFor` maps a server field name to the
 * form's field; anything unmapped becomes the form-level message under `form`.
 */
export function serverErrors(error: unknown, fieldFor: (serverField: string) => string | null): FieldErrors {
  const failure = parseApiError(error);
  if (failure.status >= 500 || failure.status === 0) return { form: failure.message };
  const errors: FieldErrors = {};
  for (const [serverField, message] of Object.entries(failure.errors)) {
    const field = fieldFor(serverField);
    if (field) errors[field] ??= message;
  }
  if (Object.keys(errors).length === 0) errors.form = failure.message;
  return errors;
}
