"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";

type Outcome = "verify" | "more_info" | "reject";

const ANSWERS: { outcome: Outcome; label: string; says: string; variant: "primary" | "secondary" }[] = [
  { outcome: "verify", label: "Verify", says: "Details complete and checked: payouts are enabled.", variant: "primary" },
  { outcome: "more_info", label: "Needs more information", says: "The provider asks for an ID number and an identity document.", variant: "secondary" },
  { outcome: "reject", label: "Reject", says: "The provider refuses the account: payouts stay off.", variant: "secondary" },
];

/** The test onboarding page's three answers; the provider says where to go back to. */
export function SandboxOnboardingForm({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = async (outcome: Outcome) => {
    setBusy(true);
    setError(null);
    try {
      const { returnUrl } = await api<{ returnUrl: string }>(`/api/test-provider/onboarding/${token}`, { method: "POST", body: { outcome } });
      window.location.assign(returnUrl);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
      setBusy(false);
    }
  };
  return (
    <section aria-label="Test outcome" style={{ display: "grid", gap: "var(--space-3)" }}>
      {ANSWERS.map(({ outcome, label, says, variant }) => (
        <div key={outcome} style={{ display: "grid", gap: "var(--space-1)" }}>
          <button type="button" className={buttonClass({ variant, size: "large", block: true })} disabled={busy} onClick={() => void answer(outcome)}>
            {label}
          </button>
          <p style={{ margin: 0, color: "var(--color-ink-muted)", fontSize: "var(--text-sm)" }}>{says}</p>
        </div>
      ))}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
