"use client";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { emailError } from "@/lib/contract/zod-free/profile-rules";
import { FormActions } from "./form-actions";
import { useProfileForm } from "./use-profile-form";
import styles from "./form.module.css";

/** account/email: an '@' and a '.' after it; an address in use is refused by the server. */
export function EmailForm({ user, words, actions, rules }: { user: UserJson; words: Words<"profile">["email"]; actions: Words<"profile">["edit"]; rules?: RuleWords }) {
  const { field, submit, pending, formError } = useProfileForm<"email">({
    initial: { email: user.email ?? "" },
    validate: ({ email }) => {
      const error = emailError(email.trim());
      return error ? { email: error } : {};
    },
    save: (current, { email }) => api<UserJson>(`/api/users/${current.id}`, { method: "PUT", body: { email: email.trim() } }),
    fieldFor: (serverField) => (serverField === "email" ? "email" : null),
    success: words.saved,
    rules,
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={words.label} type="email" autoComplete="email" required maxLength={254} {...field("email")} />
      <FormActions label={words.save} words={actions} pending={pending} formError={formError} />
    </form>
  );
}
