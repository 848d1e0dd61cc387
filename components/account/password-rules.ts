import { AUTH_SAID, FORM_SAID, passwordChangeSchema } from "@/lib/contract/accounts/auth-rules";
import { issuesByField } from "@/lib/contract/common/field-rules";

// account/password's checks, from PUT /api/users/{id}/password's schema. They bring zod, so
// the form loads this module lazily (password-form.tsx).

type PasswordValues = Record<"currentPassword" | "newPassword" | "confirmPassword", string>;

export function passwordFormErrors({ confirmPassword, ...body }: PasswordValues): Partial<PasswordValues> {
  const errors: Partial<PasswordValues> = issuesByField(passwordChangeSchema, body);
  if (!confirmPassword) errors.confirmPassword = FORM_SAID.confirmNew;
  else if (confirmPassword !== body.newPassword) errors.confirmPassword = AUTH_SAID.confirmMismatch;
  return errors;
}
