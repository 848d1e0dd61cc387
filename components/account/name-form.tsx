"use client";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { PROFILE_SAID } from "@/lib/contract/zod-free/profile-rules";
import { FormActions } from "./form-actions";
import { useProfileForm } from "./use-profile-form";
import styles from "./form.module.css";

type NameFields = "firstName" | "lastName";

/** account/name: first name required, last name optional. */
export function NameForm({ user, words, actions, rules }: { user: UserJson; words: Words<"profile">["name"]; actions: Words<"profile">["edit"]; rules?: RuleWords }) {
  const { field, submit, pending, formError } = useProfileForm<NameFields>({
    initial: { firstName: user.firstName, lastName: user.lastName ?? "" },
    validate: (values) => (values.firstName.trim() ? {} : { firstName: PROFILE_SAID.firstName }),
    save: (current, values) => api<UserJson>(`/api/users/${current.id}`, { method: "PUT", body: { first_name: values.firstName, last_name: values.lastName } }),
    fieldFor: (serverField) => (serverField === "firstName" || serverField === "lastName" ? serverField : null),
    success: words.saved,
    rules,
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={words.first} autoComplete="given-name" required maxLength={50} {...field("firstName")} />
      <TextField label={words.last} autoComplete="family-name" hint={words.optional} maxLength={50} {...field("lastName")} />
      <FormActions label={words.save} words={actions} pending={pending} formError={formError} />
    </form>
  );
}
