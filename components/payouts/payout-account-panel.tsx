"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, SERVER_FAILURE } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { TEST_BANK_ACCOUNTS, TEST_ROUTING_NUMBER, bankDetailsErrors } from "@/lib/shared/money/payout-banks";
import type { PayoutAccountJson } from "@/lib/server/payouts/accounts";
import { onboardingReturn } from "./onboarding-return";
import { OnboardingButton, onboardingAction, settled, type PayoutAccountWords } from "./payout-onboarding";
import { fill } from "@/lib/shared/words/fill";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import styles from "./payouts.module.css";

export type PayoutAccountAnswer = { payoutAccount: PayoutAccountJson | null; testMode: boolean };

const EMPTY = { holderName: "", routingNumber: "", accountNumber: "" };
type Fields = typeof EMPTY;

/**
 * "Payout details": the payout account's state ("Set-up not finished",
 * "Verification pending", "Verified", "More information needed: ...", "Payouts paused: ...") and
 * the bank account's last four; "Set up payouts" to the provider's hosted onboarding while there
 * is something to set up (payout-onboarding.tsx); and the form that adds or changes the bank
 * details (each field's error beside it; with the test provider, its test accounts listed).
 * Back from the provider, the state is fetched again every 2 s (for 30 s) until it changes
 * (the provider's account.updated has arrived). `initial` from the page, or loaded from `url` (the courier app).
 */
type PanelProps = { url: string; initial?: PayoutAccountAnswer; level?: 2 | 3; words: PayoutAccountWords & { rules?: RuleWords } };

export function PayoutAccountPanel({ url, initial, level = 2, words: all }: PanelProps) {
  const words = all.account;
  const [answer, setAnswer] = useState<PayoutAccountAnswer | null>(initial ?? null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  // The checks made here and a failed load; the server's refusal comes from `save`.
  const [checked, setChecked] = useState<Partial<Fields> & { form?: string }>({});
  const [saved, setSaved] = useState(false);
  const [editing, setEditing] = useState(false);
  const [back, setBack] = useState<"return" | "refresh" | null>(null);

  useEffect(() => {
    if (initial) return;
    api<PayoutAccountAnswer>(url).then(setAnswer, () => setChecked({ form: SERVER_FAILURE }));
  }, [initial, url]);

  useEffect(() => {
    const came = onboardingReturn();
    if (!came) return;
    let tries = 0;
    let timer: number | undefined;
    // Until the account changes (its account.updated arrived; a second round starts from a settled state), 30 s at most.
    let first: string | undefined;
    const check = () =>
      api<PayoutAccountAnswer>(url).then(
        (next) => {
          setBack(came);
          setAnswer(next);
          const at = next.payoutAccount?.updatedAt ?? "";
          first ??= at;
          if (came === "refresh" || at !== first || ++tries >= 15) window.clearInterval(timer);
        },
        () => ++tries >= 15 && window.clearInterval(timer),
      );
    void check();
    if (came === "return") timer = window.setInterval(check, 2_000);
    return () => window.clearInterval(timer);
  }, [url]);

  const save = useApiAction((body: Fields) => api<PayoutAccountAnswer>(url, { method: "PUT", body }), {
    onSuccess: (next) => {
      setAnswer(next);
      setFields(EMPTY);
      setEditing(false);
      setSaved(true);
    },
  });
  const saving = save.busy;
  const errors: Partial<Fields> & { form?: string } = save.failure
    ? { ...save.errors, form: Object.keys(save.errors).length ? undefined : save.failure.message }
    : checked;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.reset();
    const found = bankDetailsErrors(fields);
    // Each check's message in the page's words (lib/server/web/form-rules.ts "payout").
    setChecked(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, all.rules?.[message] || message])));
    if (Object.keys(found).length) return;
    await save.run(fields);
  };

  const Heading = level === 2 ? "h2" : "h3";
  const account = answer?.payoutAccount ?? null;
  const showForm = !account || editing;
  const action = onboardingAction(account);
  const set = (name: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [name]: event.target.value });
  return (
    <section className={styles.section} aria-labelledby="payout-account-heading">
      <Heading id="payout-account-heading">{words.heading}</Heading>
      {answer === null && !errors.form && <p className={styles.muted}>{words.loading}</p>}
      {answer !== null && (
        <p className={styles.accountState} role="status" data-testid="payout-account-state" data-state={account?.status ?? "none"}>
          {account ? (
            <>
              <strong>{account.label}</strong>
              {account.bankLast4 && `${fill(words.bank, { last4: account.bankLast4 })}${account.holderName ? fill(words.holder, { name: account.holderName }) : ""}`}
              {account.status !== "verified" && <span className={styles.muted}> {words.waits}</span>}
            </>
          ) : (
            words.setUp
          )}
        </p>
      )}
      {back === "return" && !settled(account) && account?.status !== "verified" && (
        <p className={styles.muted} role="status">
          {words.welcome}
        </p>
      )}
      {back === "refresh" && <p className={styles.status}>{words.expired}</p>}
      {answer !== null && action && <OnboardingButton url={url} label={all.onboarding[action]} words={all.onboarding} />}
      {saved && <p className={styles.status}>{words.saved}</p>}
      {account && !editing && (
        <button type="button" className={`${buttonClass({ variant: "soft" })} ${styles.accountButton}`} onClick={() => setEditing(true)}>
          {account.bankLast4 ? words.change : words.enter}
        </button>
      )}
      {answer !== null && showForm && (
        <form className={styles.accountForm} onSubmit={submit} aria-label={words.heading} noValidate>
          {!account && <p className={styles.muted}>{words.or}</p>}
          <TextField label={words.holderName} name="holderName" autoComplete="name" value={fields.holderName} onChange={set("holderName")} error={errors.holderName} />
          {(
            [
              ["routingNumber", words.routing, words.routingHint],
              ["accountNumber", words.number, words.numberHint],
            ] as const
          ).map(([name, label, hint]) => (
            <TextField
              key={name}
              label={label}
              name={name}
              inputMode="numeric"
              autoComplete="off"
              value={fields[name]}
              onChange={set(name)}
              error={errors[name]}
              hint={hint}
            />
          ))}
          <button type="submit" className={buttonClass({ variant: action ? "secondary" : "primary" })} disabled={saving}>
            {saving ? words.saving : words.save}
          </button>
          {errors.form && (
            <p className={styles.failure} role="alert">
              {errors.form}
            </p>
          )}
          {answer.testMode && (
            <div className={styles.testAccounts}>
              <p>{fill(words.test, { routing: TEST_ROUTING_NUMBER })}</p>
              <ul>
                {TEST_BANK_ACCOUNTS.map((test) => (
                  <li key={test.number}>
                    <code>{test.number}</code>: {test.label}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
