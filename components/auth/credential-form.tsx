"use client";
import Link from "@/components/ui/link";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { clearAddressDraft, readAddressDraft, subscribeAddressDraft } from "@/lib/client/address-draft";
import { serverErrors, type CredentialValues, type SignupValues } from "./validate";
import { useAuthFields } from "./use-auth-fields";
import { useSignIn } from "./use-sign-in";
import type { Words } from "@/lib/i18n/words";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import styles from "./auth-form.module.css";
import { ConsentLine } from "@/components/legal/consent-line";
import { ACCEPTED_AT } from "@/lib/shared/people/legal";

type Mode = "login" | "signup";

// Server errors about the email or phone belong under the one credential field.
const SERVER_FIELD: Record<string, keyof SignupValues> = {
  credential: "credential",
  email: "credential",
  phoneNumber: "credential",
  phone_number: "credential",
  password: "password",
  name: "name",
  firstName: "name",
  lastName: "name",
  address: "address",
  city: "address",
  state: "address",
  zip: "address",
};

/**
 * The login and signup form: the name field on signup only, and there the
 * delivery address too, starting from the one typed on the landing page. `rules`: its checks'
 * messages in the page's language (lib/server/web/form-rules.ts).
 */
export function CredentialForm({ mode, words: w, rules: ruleWords }: { mode: Mode; words: Words<"profile">["credential"]; rules?: RuleWords }) {
  const { values, errors, setErrors, field, clearError, checked } = useAuthFields<CredentialValues>({ name: "", credential: "", password: "" });
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  const [typedAddress, setTypedAddress] = useState<string | null>(null);
  const address = typedAddress ?? draft;
  const [pending, setPending] = useState(false);
  const signIn = useSignIn();
  const signup = mode === "signup";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await checked((rules) => rules.validateCredentialForm(mode, signup ? { ...values, address } : values, ruleWords)))) return;
    setPending(true);
    try {
      const body = signup ? { ...values, address } : { credential: values.credential, password: values.password };
      await signIn(signup ? "/api/auth/signup" : "/api/auth/login", body);
      if (signup) clearAddressDraft();
    } catch (error) {
      setErrors(serverErrors(error, (f) => SERVER_FIELD[f] ?? null));
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {signup && <TextField label={w.fullName} autoComplete="name" {...field("name")} />}
      <TextField label={w.credential} autoComplete={signup ? "email" : "username"} inputMode="email" {...field("credential")} />
      <TextField
        label={w.password}
        type="password"
        autoComplete={signup ? "new-password" : "current-password"}
        hint={signup ? w.passwordHint : undefined}
        {...field("password")}
      />
      {!signup && (
        <Link href="/forgot-password" className={styles.forgot}>
          {w.forgot}
        </Link>
      )}
      {signup && (
        <TextField
          label={w.address}
          name="address"
          autoComplete="street-address"
          placeholder={w.addressPlaceholder}
          hint={w.addressHint}
          value={address}
          error={errors.address}
          onChange={(event) => {
            setTypedAddress(event.target.value);
            clearError("address");
          }}
        />
      )}
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={buttonClass({ block: true, size: "large" })} disabled={pending}>
        {pending ? (signup ? w.signingUp : w.signingIn) : signup ? w.signUp : w.signIn}
      </button>
      {signup && <ConsentLine step="signup" kinds={ACCEPTED_AT.signup} />}
      <p className={styles.switch}>
        {signup ? w.haveAccount : w.newToNosh}
        <Link href={signup ? "/login" : "/signup"}>{signup ? w.signIn : w.signUp}</Link>
      </p>
    </form>
  );
}
