"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";

type Outcome = "verify" | "more_info" | "reject";

type TestOnboardingWords = Words<"kitchen">["payouts"]["testOnboarding"];

/** The three answers, their words' keys in the catalogue's kitchen.payouts.testOnboarding. */
const ANSWERS: { outcome: Outcome; label: "verify" | "moreInfo" | "reject"; says: "verifySays" | "moreInfoSays" | "rejectSays"; variant: "primary" | "secondary" }[] = [
  { outcome: "verify", label: "verify", says: "verifySays", variant: "primary" },
  { outcome: "more_info", label: "moreInfo", says: "moreInfoSays", variant: "secondary" },
  { outcome: "reject", label: "reject", says: "rejectSays", variant: "secondary" },
];

/** The test onboarding page's three answers; the provider says where to go back to. */
export function TestOnboardingForm({ token, words }: { token: string; words: TestOnboardingWords }) {
  // Busy until the page it goes back to replaces this one.
  const [leaving, setLeaving] = useState(false);
  const call = useApiAction((outcome: Outcome) => api<{ returnUrl: string }>(`/api/test-provider/onboarding/${token}`, { method: "POST", body: { outcome } }), {
    onSuccess: ({ returnUrl }) => {
      setLeaving(true);
      window.location.assign(returnUrl);
    },
  });
  const busy = call.busy || leaving;
  const error = call.message;
  const answer = (outcome: Outcome) => call.run(outcome);
  return (
    <section aria-label={words.outcome} style={{ display: "grid", gap: "var(--space-3)" }}>
      {ANSWERS.map(({ outcome, label, says, variant }) => (
        <div key={outcome} style={{ display: "grid", gap: "var(--space-1)" }}>
          <button type="button" className={buttonClass({ variant, size: "large", block: true })} disabled={busy} onClick={() => void answer(outcome)}>
            {words[label]}
          </button>
          <p style={{ margin: 0, color: "var(--color-ink-muted)", fontSize: "var(--text-sm)" }}>{words[says]}</p>
        </div>
      ))}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
