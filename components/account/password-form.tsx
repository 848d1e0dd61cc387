"use client";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/users";
import { AUTH_MESSAGES, passwordChangeSchema } from "@/lib/validation/auth";
import { issuesByField } from "@/lib/validation/fields";
import { FormActions } from "./form-actions";
import { useProfileForm } from "./use-profile-form";
import styles from "./form.module.css";

type PasswordFields = "currentPassword" | "newPassword" | "confirmPassword";

export const PASSWORD_CHANGED = "Password changed. Other devices have been signed out.";

/** account/password: the current password, a new one of at least 8 characters, typed twice. */
export function PasswordForm() {
  const { field, submit, pending, formError } = useProfileForm<PasswordFields>({
    initial: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: ({ confirmPassword, ...body }) => {
      const errors: Partial<Record<PasswordFields, string>> = issuesByField(passwordChangeSchema, body);
      if (!confirmPassword) errors.confirmPassword = "Please confirm your new password";
      else if (confirmPassword !== body.newPassword) errors.confirmPassword = AUTH_MESSAGES.confirmMismatch;
      return errors;
    },
    save: (current, { currentPassword, newPassword }) =>
      api<UserJson>(`/api/users/${current.id}/password`, { method: "PUT", body: { current_password: currentPassword, new_password: newPassword } }),
    fieldFor: (serverField) => (serverField === "currentPassword" || serverField === "newPassword" ? serverField : null),
    success: PASSWORD_CHANGED,
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label="Current password" type="password" autoComplete="current-password" required {...field("currentPassword")} />
      <TextField label="New password" type="password" autoComplete="new-password" required hint="At least 8 characters" {...field("newPassword")} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...field("confirmPassword")} />
      <FormActions label="Change password" pendingLabel="Changing…" pending={pending} formError={formError} />
    </form>
  );
}
