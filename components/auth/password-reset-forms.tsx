"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PasskeyRemovalChoice, type ListedPasskey } from "@/components/account/passkey-removal-choice";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { serverErrors } from "./validate";
import { useAuthFields } from "./use-auth-fields";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./auth-form.module.css";

// Password reset's two forms (docs/architecture/security.md "Password reset"): the email to send
// a link to (/forgot-password), and the new password the link's page sets (/reset-password).

/** Asks for a link; the answer is the same whether or not an account uses the email. */
export function ForgotPasswordForm({ devMailbox, words: w, rules: ruleWords }: { devMailbox: boolean; words: Words<"profile">["forgot"]; rules?: RuleWords }) {
  const { values, errors, setErrors, field, checked } = useAuthFields({ email: "" });
  const email = values.email;
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await checked((rules) => rules.validateResetRequest(email, ruleWords)))) return;
    setPending(true);
    try {
      await ensureXsrfCookie();
      const answer = await api<{ message: string }>("/api/auth/password-reset", { method: "POST", body: { email } });
      setSent(answer.message);
    } catch (error) {
      setErrors(serverErrors(error, (f) => (f === "email" ? "email" : null)));
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.notice}>
          {sent}
        </p>
        {devMailbox && (
          <p className={styles.lead}>
            {w.devBefore}
            <Link href={`/dev/mailbox?to=${encodeURIComponent(email.trim().toLowerCase())}`}>{w.devLink}</Link>
            {w.devAfter}
          </p>
        )}
        <p className={styles.switch}>
          <Link href="/login">{w.back}</Link>
        </p>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={w.email} type="email" autoComplete="email" inputMode="email" {...field("email")} />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={buttonClass({ block: true, size: "large" })} disabled={pending}>
        {pending ? w.sending : w.send}
      </button>
      <p className={styles.switch}>
        {w.remembered}
        <Link href="/login">{w.signIn}</Link>
      </p>
    </form>
  );
}

/**
 * Sets the new password with the link's token; then every session is signed out and /login asks
 * for the new one. The account's passkeys are listed with the choice to remove them too.
 */
export function ResetPasswordForm({
  token,
  passkeys = [],
  words: w,
  removal,
  locale,
  rules: ruleWords,
}: {
  token: string;
  passkeys?: ListedPasskey[];
  words: Words<"profile">["reset"];
  removal: Words<"profile">["account"]["removal"];
  locale: Locale;
  /** Its checks' messages in the page's language (lib/server/web/form-rules.ts). */
  rules?: RuleWords;
}) {
  const router = useRouter();
  const { values, errors, setErrors, field, checked } = useAuthFields({ password: "", confirmPassword: "" });
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await checked((rules) => rules.validateNewPassword(values, ruleWords)))) return;
    setPending(true);
    try {
      await ensureXsrfCookie();
      await api("/api/auth/password-reset/confirm", { method: "POST", body: { token, password: values.password, removePasskeys } });
      router.push("/login?reset=done");
      router.refresh();
    } catch (error) {
      setErrors(serverErrors(error, (f) => (f === "password" ? "password" : f === "token" ? "form" : null)));
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={w.new} type="password" autoComplete="new-password" hint={w.hint} {...field("password")} />
      <TextField label={w.confirm} type="password" autoComplete="new-password" {...field("confirmPassword")} />
      <PasskeyRemovalChoice words={removal} locale={locale} passkeys={passkeys} checked={removePasskeys} onChange={setRemovePasskeys} />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={buttonClass({ block: true, size: "large" })} disabled={pending}>
        {pending ? w.saving : w.save}
      </button>
    </form>
  );
}
