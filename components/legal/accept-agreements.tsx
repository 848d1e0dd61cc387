"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import type { LegalKind } from "@/lib/shared/legal";
import type { Words } from "@/lib/i18n/words";
import styles from "./legal.module.css";

/** The accept page's button (POST /api/legal/acceptances with the versions shown), then on to `next`. */
export function AcceptAgreements({ documents, next, words: w }: { documents: { kind: LegalKind; version: number }[]; next: string; words: Words<"profile">["agree"] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await api("/api/legal/acceptances", { method: "POST", body: { documents } });
      router.replace(next);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : SERVER_FAILURE);
      setBusy(false);
      // A version published while the page was open (409): the page lists the new one.
      if (e instanceof ApiClientError && e.status === 409) router.refresh();
    }
  };
  return (
    <div>
      <p className={styles.consent}>{w.consent}</p>
      {error && (
        <p role="alert" className={styles.notice}>
          {error}
        </p>
      )}
      <button type="button" className={buttonClass()} onClick={accept} disabled={busy}>
        {busy ? w.saving : w.agree}
      </button>
    </div>
  );
}
