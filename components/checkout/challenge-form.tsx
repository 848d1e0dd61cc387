"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";

/** The test 3-D Secure page's two answers; the provider says where to go back to. */
export function ChallengeForm({ intentId, words: w }: { intentId: string; words: Words<"orderflow">["challenge"] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = async (outcome: "pass" | "fail") => {
    setBusy(true);
    setError(null);
    try {
      const { returnUrl } = await api<{ returnUrl: string }>(`/api/test-provider/challenges/${intentId}`, { method: "POST", body: { outcome } });
      window.location.assign(returnUrl);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
      setBusy(false);
    }
  };
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
