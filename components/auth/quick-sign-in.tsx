"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { DemoAccount } from "@/lib/shared/demo-accounts";
import { useSignIn } from "./use-sign-in";
import styles from "./auth-form.module.css";

/** The login page's demo accounts (POST /api/users/demo/{id}), named "Rosa (owner)" and so on;
 * the page renders none when demo login is off. */
export function DemoLogins({ accounts }: { accounts: DemoAccount[] }) {
  const [pendingId, setPendingId] = useState<number | null>(null);
  const signIn = useSignIn();
  const { show } = useAlerts();
  const go = async (id: number) => {
    setPendingId(id);
    try {
      await signIn(`/api/users/demo/${id}`);
    } catch (error) {
      show(error instanceof ApiClientError ? error.message : SERVER_FAILURE, "error");
      setPendingId(null);
    }
  };
  return (
    <section className={styles.demo} aria-labelledby="demo-heading">
      <h2 id="demo-heading" className={styles.demoTitle}>
        Try a demo account
      </h2>
      <div className={styles.demoGrid}>
        {accounts.map(({ id, label }) => (
          <button key={id} type="button" className={buttonClass({ variant: "soft", size: "small" })} onClick={() => go(id)} disabled={pendingId !== null}>
            <span className="sr-only">Log in as </span>
            {pendingId === id ? "Signing in…" : label}
          </button>
        ))}
      </div>
    </section>
  );
}
