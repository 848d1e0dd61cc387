"use client";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { lazySchemas, useLazyModule } from "@/lib/client/lazy-module";
import { FormActions } from "./form-actions";
import { useProfileForm } from "./use-profile-form";
import styles from "./form.module.css";

type PasswordFields = "currentPassword" | "newPassword" | "confirmPassword";

const passwordRules = lazySchemas(() => import("./password-rules"));

/** account/password: the current password, a new one of at least 8 characters, typed twice. */
export function PasswordForm({ words, actions, rules }: { words: Words<"profile">["password"]; actions: Words<"profile">["edit"]; rules?: RuleWords }) {
  useLazyModule(passwordRules); // the checks load once the form is up
  const { field, submit, pending, formError } = useProfileForm<PasswordFields>({
    initial: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: (values) => passwordRules.current()?.passwordFormErrors(values) ?? {},
    loadChecks: passwordRules.load,
    save: (current, { currentPassword, newPassword }) =>
      api<UserJson>(`/api/users/${current.id}/password`, { method: "PUT", body: { current_password: currentPassword, new_password: newPassword } }),
    fieldFor: (serverField) => (serverField === "currentPassword" || serverField === "newPassword" ? serverField : null),
    success: words.changed,
    rules,
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={words.current} type="password" autoComplete="current-password" required {...field("currentPassword")} />
      <TextField label={words.new} type="password" autoComplete="new-password" required hint={words.hint} {...field("newPassword")} />
      <TextField label={words.confirm} type="password" autoComplete="new-password" required {...field("confirmPassword")} />
      <FormActions label={words.save} pendingLabel={words.saving} words={actions} pending={pending} formError={formError} />
    </form>
  );
}
