"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { api, ensureXsrfCookie, SERVER_FAILURE } from "@/lib/client/api";
import { useLazyModule } from "@/lib/client/lazy-module";
import type { UserJson } from "@/lib/server/accounts/users";
import { authFormRules, serverErrors, type FieldErrors, type SignupModalValues } from "./validate";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import { fill } from "@/lib/shared/words/fill";
import styles from "./auth-form.module.css";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/people/legal";

const EMPTY: SignupModalValues = { firstName: "", lastName: "", email: "", phoneNumber: "", password: "", confirmPassword: "" };

/** Offered to guests: signing up here turns the guest account into a full one. */
/** The modal's words; `rules`: its checks' messages in the page's language (lib/server/web/form-rules.ts "auth"), English without. */
export type SignupWords = Words<"profile">["signup"] & { rules?: RuleWords };

export function SignupModal({ open, onClose, words }: { open: boolean; onClose: () => void; words: SignupWords }) {
  return (
    <Dialog open={open} onClose={onClose} title={words.title}>
      <SignupModalForm onDone={onClose} words={words} />
    </Dialog>
  );
}

function SignupModalForm({ onDone, words: w }: { onDone: () => void; words: SignupWords }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const { setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  useLazyModule(authFormRules); // the checks load once the form is up

  const field = (name: keyof SignupModalValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = await authFormRules.load().catch(() => null);
    if (!rules) return setErrors({ form: SERVER_FAILURE });
    const found = rules.validateSignupModal(values, w.rules);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await ensureXsrfCookie();
      const { confirmPassword: _confirm, ...body } = values;
      const user = await api<UserJson>("/api/auth/signup", { method: "POST", body });
      setUser(user);
      onDone();
      show(fill(w.welcome, { name: user.firstName }), "success");
      router.refresh();
    } catch (error) {
      setErrors(serverErrors(error, (f) => (f === "credential" ? "email" : f in EMPTY ? f : null)));
      setPending(false);
    }
  };

  return (
    <form className={styles.modalForm} onSubmit={submit} noValidate>
      <p className={styles.lead}>{w.lead}</p>
      <div className={styles.row}>
        <TextField label={w.firstName} autoComplete="given-name" required {...field("firstName")} />
        <TextField label={w.lastName} autoComplete="family-name" required {...field("lastName")} />
      </div>
      <TextField label={w.email} type="email" autoComplete="email" required {...field("email")} />
      <TextField label={w.phone} type="tel" autoComplete="tel" required hint={w.phoneHint} {...field("phoneNumber")} />
      <TextField label={w.password} type="password" autoComplete="new-password" required hint={w.passwordHint} {...field("password")} />
      <TextField label={w.confirm} type="password" autoComplete="new-password" required {...field("confirmPassword")} />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={buttonClass({ block: true, size: "large" })} disabled={pending}>
        {pending ? w.signingUp : w.signUp}
      </button>
      <ConsentLine step="signup" kinds={ACCEPTED_AT.signup} />
    </form>
  );
}
