"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { PayoutAccountJson } from "@/lib/server/payouts/accounts";
import styles from "./payouts.module.css";
import type { Words } from "@/lib/i18n/words";

/** The payout account's words (the catalogue's kitchen.payouts: account and onboarding), from the server. */
export type PayoutAccountWords = Pick<Words<"kitchen">["payouts"], "account" | "onboarding">;
type OnboardingWords = PayoutAccountWords["onboarding"];

/** What "Set up payouts" says for the account as it stands (its key in `onboarding` words); null when there is nothing to set up (verified, being verified, rejected, or a bounced payout: new bank details). */
export function onboardingAction(account: PayoutAccountJson | null): "setUp" | "continue" | "missing" | null {
  if (!account) return "setUp";
  if (account.status === "pending") return account.detailsSubmitted ? null : "continue";
  if (account.status === "restricted" && account.missing.length && !account.disabledReason?.startsWith("rejected.") && account.disabledReason !== "payout_failed")
    return "missing";
  return null;
}

/**
 * The button to the payment provider's hosted onboarding (Stripe Connect's Account Link; the test
 * provider's page): asks Nosh for a new single-use link (POST `{url}/onboarding`) and goes there.
 */
export function OnboardingButton({ url, label, words }: { url: string; label: string; words: OnboardingWords }) {
  // Busy until the provider's page replaces this one.
  const [leaving, setLeaving] = useState(false);
  const call = useApiAction(() => api<{ url: string }>(`${url}/onboarding`, { method: "POST" }), {
    onSuccess: (link) => {
      setLeaving(true);
      window.location.assign(link.url);
    },
  });
  const busy = call.busy || leaving;
  const error = call.message;
  const start = () => call.run();
  return (
    <div className={styles.onboarding}>
      <button type="button" className={`${buttonClass({ variant: "primary" })} ${styles.accountButton}`} onClick={() => void start()} disabled={busy}>
        {busy ? words.opening : label}
      </button>
      <p className={styles.muted}>{words.note}</p>
      {error && (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The provider has had its say (details submitted and judged): no more waiting for its account.updated. */
export const settled = (account: PayoutAccountJson | null | undefined) => Boolean(account?.detailsSubmitted && account.status !== "pending");
