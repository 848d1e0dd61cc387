"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { useSignIn } from "./use-sign-in";
import type { Words } from "@/lib/i18n/words";
import styles from "./auth-form.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** The login page's demo accounts (POST /api/users/demo/{id}), named "Rosa (owner)" and so on in the reader's language;
 * the page renders none when demo login is off. */
export function DemoLogins({
  accounts,
  words: w,
}: {
  accounts: { id: number; label: string }[];
  words: Pick<Words<"profile">["demo"], "title" | "logInAs" | "signingIn">;
}) {
  const [pendingId, setPendingId] = useState<number | null>(null);
  const signIn = useSignIn();
  const { show } = useAlerts();
  // Signed in, the chosen button stays busy while the next page opens.
  const signingIn = useApiAction((id: number) => signIn(`/api/users/demo/${id}`), {
    onError: (failure) => {
      show(failure.message, "error");
      setPendingId(null);
    },
  });
  const go = (id: number) => {
    setPendingId(id);
    void signingIn.run(id);
  };
  return (
    <TitledSection id="demo-heading" title={w.title} className={styles.demo} titleClassName={styles.demoTitle}>
      <div className={styles.demoGrid}>
        {accounts.map(({ id, label }) => (
          <button key={id} type="button" className={buttonClass({ variant: "soft", size: "small" })} onClick={() => go(id)} disabled={pendingId !== null}>
            <span className="sr-only">{w.logInAs}</span>
            {pendingId === id ? w.signingIn : label}
          </button>
        ))}
      </div>
    </TitledSection>
  );
}
