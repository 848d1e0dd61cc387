"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { LegalKind } from "@/lib/shared/people/legal";
import type { Words } from "@/lib/i18n/words";
import styles from "./legal.module.css";

/** The accept page's button (POST /api/legal/acceptances with the versions shown), then on to `next`. */
export function AcceptAgreements({ documents, next, words: w }: { documents: { kind: LegalKind; version: number }[]; next: string; words: Words<"profile">["agree"] }) {
  const router = useRouter();
  // Busy until the next page replaces this one.
  const [leaving, setLeaving] = useState(false);
  const call = useApiAction(() => api("/api/legal/acceptances", { method: "POST", body: { documents } }), {
    onSuccess: () => {
      setLeaving(true);
      router.replace(next);
    },
    // A version published while the page was open (409): the page lists the new one.
    onError: (failure) => {
      if (failure.status === 409) router.refresh();
    },
  });
  const busy = call.busy || leaving;
  const error = call.message;
  const accept = () => void call.run();
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
