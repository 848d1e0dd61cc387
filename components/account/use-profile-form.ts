"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { serverErrors } from "@/components/auth/validate";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { SERVER_FAILURE } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import { inWords, type RuleWords } from "@/lib/contract/zod-free/form-values";

type Errors<F extends string> = Partial<Record<F, string>>;

type Options<F extends string> = {
  initial: Record<F, string>;
  /** Every rule; its messages show from the first submit on and follow the typing after it. */
  validate: (values: Record<F, string>) => Errors<F>;
  /** When `validate` needs code loaded lazily (lib/client/lazy-module.ts): submit waits for it. */
  loadChecks?: () => Promise<unknown>;
  /** Rules worth showing while the person is still typing (a letter in a phone number). */
  eager?: (values: Record<F, string>) => Errors<F>;
  /** The call that saves; it answers with the full user. */
  save: (user: UserJson, values: Record<F, string>) => Promise<UserJson>;
  /** Maps the server's error fields (firstName, phoneNumber...) to this form's fields. */
  fieldFor: (serverField: string) => F | null;
  success: string;
  /** The rules' messages in the page's language (lib/server/web/form-rules.ts). */
  rules?: RuleWords;
};

/**
 * The small account forms: client checks from lib/contract's rules, then the call, the server's
 * field errors (400 and 409) beside their fields, and on success the new user in the
 * session, a success alert and the way back to /account.
 */
export function useProfileForm<F extends string>({ initial, validate, loadChecks, eager, save, fieldFor, success, rules }: Options<F>) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [values, setValues] = useState(initial);
  // Not on blur: a message appearing then moves the Save button under a pending click.
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Errors<F> & { form?: string }>({});
  const [pending, setPending] = useState(false);

  const checked = inWords(validate(values), rules);
  const early: Errors<F> = inWords(eager?.(values) ?? {}, rules);
  const errorOf = (name: F): string | undefined => server[name] ?? (submitted ? checked[name] : early[name]);

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setServer((current) => {
        const rest = { ...current };
        delete rest[name];
        delete rest.form;
        return rest;
      });
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user || pending) return;
    const form = event.currentTarget;
    const names = Object.keys(initial) as F[];
    setSubmitted(true);
    if (
      loadChecks &&
      !(await loadChecks().then(
        () => true,
        () => false,
      ))
    ) {
      setServer({ form: SERVER_FAILURE } as Errors<F> & { form?: string });
      return;
    }
    const ruleErrors = validate(values);
    const invalid = names.find((name) => ruleErrors[name]);
    if (invalid) {
      (form.elements.namedItem(invalid) as HTMLElement | null)?.focus();
      return;
    }
    setPending(true);
    try {
      setUser(await save(user, values));
      show(success, "success");
      router.push("/account");
    } catch (error) {
      const found = serverErrors(error, (serverField) => fieldFor(serverField) ?? null) as Errors<F> & { form?: string };
      setServer(found);
      const first = names.find((name) => found[name]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      setPending(false);
    }
  }

  return { field, submit, pending, formError: server.form };
}
