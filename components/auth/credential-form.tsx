"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { SERVER_FAILURE } from "@/lib/client/api";
import { useLazyModule } from "@/lib/client/lazy-module";
import { authFormRules, serverErrors, type CredentialValues, type FieldErrors } from "./validate";
import { useSignIn } from "./use-sign-in";
import styles from "./auth-form.module.css";

type Mode = "login" | "signup";

// Server errors about the email or phone belong under the one credential field (spec section 8).
const SERVER_FIELD: Record<string, keyof CredentialValues> = {
  credential: "credential",
  email: "credential",
  phoneNumber: "credential",
  phone_number: "credential",
  password: "password",
  name: "name",
  firstName: "name",
  lastName: "name",
};

/** The login and signup form of spec section 2: the name field on signup only. */
export function CredentialForm({ mode }: { mode: Mode }) {
  const [values, setValues] = useState<CredentialValues>({ name: "", credential: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const signIn = useSignIn();
  const signup = mode === "signup";
  useLazyModule(authFormRules); // the checks load once the form is up

  const field = (name: keyof CredentialValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = await authFormRules.load().catch(() => null);
    if (!rules) return setErrors({ form: SERVER_FAILURE });
    const found = rules.validateCredentialForm(mode, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const body = signup ? values : { credential: values.credential, password: values.password };
      await signIn(signup ? "/api/auth/signup" : "/api/auth/login", body);
    } catch (error) {
      setErrors(serverErrors(error, (f) => SERVER_FIELD[f] ?? null));
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {signup && <TextField label="Full name" autoComplete="name" {...field("name")} />}
      <TextField
        label="Email or phone number"
        autoComplete={signup ? "email" : "username"}
        inputMode="email"
        {...field("credential")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={signup ? "new-password" : "current-password"}
        hint={signup ? "At least 8 characters" : undefined}
        {...field("password")}
      />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={buttonClass({ block: true, size: "large" })} disabled={pending}>
        {pending ? (signup ? "Signing up…" : "Signing in…") : signup ? "Sign up" : "Sign in"}
      </button>
      <p className={styles.switch}>
        {signup ? "Already have an account? " : "New to Nosh? "}
        <Link href={signup ? "/login" : "/signup"}>{signup ? "Sign in" : "Sign up"}</Link>
      </p>
    </form>
  );
}
