"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { TEST_BANK_ACCOUNTS, TEST_ROUTING_NUMBER, bankDetailsErrors } from "@/lib/shared/payout-banks";
import type { PayoutAccountJson } from "@/lib/server/payouts/accounts";
import { onboardingReturn } from "./onboarding-return";
import { OnboardingButton, onboardingAction, settled } from "./payout-onboarding";
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
export function PayoutAccountPanel({ url, initial, level = 2 }: { url: string; initial?: PayoutAccountAnswer; level?: 2 | 3 }) {
  const [answer, setAnswer] = useState<PayoutAccountAnswer | null>(initial ?? null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields> & { form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [editing, setEditing] = useState(false);
  const [back, setBack] = useState<"return" | "refresh" | null>(null);

  useEffect(() => {
    if (initial) return;
    api<PayoutAccountAnswer>(url).then(setAnswer, () => setErrors({ form: SERVER_FAILURE }));
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

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found = bankDetailsErrors(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const next = await api<PayoutAccountAnswer>(url, { method: "PUT", body: fields });
      setAnswer(next);
      setFields(EMPTY);
      setEditing(false);
      setSaved(true);
    } catch (failure) {
      setErrors(
        failure instanceof ApiClientError ? { ...failure.errors, form: Object.keys(failure.errors).length ? undefined : failure.message } : { form: SERVER_FAILURE },
      );
    } finally {
      setSaving(false);
    }
  };

  const Heading = level === 2 ? "h2" : "h3";
  const account = answer?.payoutAccount ?? null;
  const showForm = !account || editing;
  const action = onboardingAction(account);
  const set = (name: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [name]: event.target.value });
  return (
    <section className={styles.section} aria-labelledby="payout-account-heading">
      <Heading id="payout-account-heading">Payout details</Heading>
      {answer === null && !errors.form && <p className={styles.muted}>Loading your payout details…</p>}
      {answer !== null && (
        <p className={styles.accountState} role="status" data-testid="payout-account-state" data-state={account?.status ?? "none"}>
          {account ? (
            <>
              <strong>{account.label}</strong>
              {account.bankLast4 && ` · Bank account ••••${account.bankLast4}${account.holderName ? ` (${account.holderName})` : ""}`}
              {account.status !== "verified" && <span className={styles.muted}> Payouts wait until your payout account is verified; your balance stays.</span>}
            </>
          ) : (
            "Set up payouts to receive your earnings. A payout you ask for waits until your payout account is verified."
          )}
        </p>
      )}
      {back === "return" && !settled(account) && account?.status !== "verified" && (
        <p className={styles.muted} role="status">
          Welcome back. Checking your payout account with the payment provider…
        </p>
      )}
      {back === "refresh" && <p className={styles.status}>Your set-up link expired. Set up payouts again to continue.</p>}
      {answer !== null && action && <OnboardingButton url={url} label={action} />}
      {saved && <p className={styles.status}>Bank details saved.</p>}
      {account && !editing && (
        <button type="button" className={`${buttonClass({ variant: "soft" })} ${styles.accountButton}`} onClick={() => setEditing(true)}>
          {account.bankLast4 ? "Change bank details" : "Enter bank details instead"}
        </button>
      )}
      {answer !== null && showForm && (
        <form className={styles.accountForm} onSubmit={submit} aria-label="Payout details" noValidate>
          {!account && <p className={styles.muted}>Or enter your bank details here:</p>}
          <TextField
            label="Account holder's name"
            name="holderName"
            autoComplete="name"
            value={fields.holderName}
            onChange={set("holderName")}
            error={errors.holderName}
          />
          <TextField
            label="Routing number"
            name="routingNumber"
            inputMode="numeric"
            autoComplete="off"
            value={fields.routingNumber}
            onChange={set("routingNumber")}
            error={errors.routingNumber}
            hint="9 digits"
          />
          <TextField
            label="Account number"
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            value={fields.accountNumber}
            onChange={set("accountNumber")}
            error={errors.accountNumber}
            hint="Only its last four digits are kept"
          />
          <button type="submit" className={buttonClass({ variant: action ? "secondary" : "primary" })} disabled={saving}>
            {saving ? "Saving…" : "Save bank details"}
          </button>
          {errors.form && (
            <p className={styles.failure} role="alert">
              {errors.form}
            </p>
          )}
          {answer.testMode && (
            <div className={styles.testAccounts}>
              <p>Test mode: use routing number {TEST_ROUTING_NUMBER} with one of these account numbers.</p>
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
