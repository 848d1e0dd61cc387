"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";

/** The test 3-D Secure page's two answers; the provider says where to go back to. */
export function ChallengeForm({ intentId, words: w }: { intentId: string; words: Words<"orderflow">["challenge"] }) {
  // Answered, the buttons stay busy while the provider's return page opens.
  const [answered, setAnswered] = useState(false);
  const answering = useApiAction(
    (outcome: "pass" | "fail") => api<{ returnUrl: string }>(`/api/test-provider/challenges/${intentId}`, { method: "POST", body: { outcome } }),
    {
      onSuccess: ({ returnUrl }) => {
        setAnswered(true);
        window.location.assign(returnUrl);
      },
    },
  );
  const busy = answering.busy || answered;
  const error = answering.message;
  const answer = (outcome: "pass" | "fail") => answering.run(outcome);
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: "var(--space-3)" }}>
      <button type="button" className={buttonClass({ size: "large" })} disabled={busy} onClick={() => void answer("pass")}>
        {w.pass}
      </button>
      <button type="button" className={buttonClass({ variant: "secondary", size: "large" })} disabled={busy} onClick={() => void answer("fail")}>
        {w.fail}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
