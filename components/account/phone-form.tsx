"use client";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { PROFILE_SAID, phoneError } from "@/lib/contract/zod-free/profile-rules";
import { FormActions } from "./form-actions";
import { useProfileForm } from "./use-profile-form";
import styles from "./form.module.css";

/** account/phone: digits only, and 10 of them. */
export function PhoneForm({ user, words, actions, rules }: { user: UserJson; words: Words<"profile">["phone"]; actions: Words<"profile">["edit"]; rules?: RuleWords }) {
  const { field, submit, pending, formError } = useProfileForm<"phoneNumber">({
    initial: { phoneNumber: user.phoneNumber ?? "" },
    validate: ({ phoneNumber }) => {
      const error = phoneError(phoneNumber.trim());
      return error ? { phoneNumber: error } : {};
    },
    // A character that is not a digit is wrong however the number ends, so it shows at once.
    eager: ({ phoneNumber }) => (/^\d*$/.test(phoneNumber.trim()) ? {} : { phoneNumber: PROFILE_SAID.phoneDigits }),
    save: (current, { phoneNumber }) => api<UserJson>(`/api/users/${current.id}`, { method: "PUT", body: { phone_number: phoneNumber.trim() } }),
    fieldFor: (serverField) => (serverField === "phoneNumber" ? "phoneNumber" : null),
    success: words.saved,
    rules,
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={words.label} type="tel" inputMode="numeric" autoComplete="tel-national" required hint={words.hint} {...field("phoneNumber")} />
      <FormActions label={words.save} words={actions} pending={pending} formError={formError} />
    </form>
  );
}
