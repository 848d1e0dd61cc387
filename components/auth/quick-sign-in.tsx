"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { useSignIn } from "./use-sign-in";
import styles from "./auth-form.module.css";

const DEMO_IDS = [1, 2, 3, 4, 5] as const;

/** Continue as guest (POST /api/auth/guest), then /home. */
export function GuestButton({ block = true }: { block?: boolean }) {
  const [pending, setPending] = useState(false);
  const signIn = useSignIn();
  const { show } = useAlerts();
  const go = async () => {
    setPending(true);
    try {
      await signIn("/api/auth/guest");
    } catch (error) {
      show(error instanceof ApiClientError ? error.message : SERVER_FAILURE, "error");
      setPending(false);
    }
  };
  return (
    <button type="button" className={buttonClass({ variant: "secondary", block })} onClick={go} disabled={pending}>
      {pending ? "Starting…" : "Continue as guest"}
    </button>
  );
}

/** The login page's five demo accounts (POST /api/users/demo/{id}). */
export function DemoLogins() {
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
        {DEMO_IDS.map((id) => (
          <button
            key={id}
            type="button"
            className={buttonClass({ variant: "soft", size: "small" })}
            onClick={() => go(id)}
            disabled={pendingId !== null}
          >
            <span className="sr-only">Log in as </span>
            {pendingId === id ? "Signing in…" : `Demo user ${id}`}
          </button>
        ))}
      </div>
    </section>
  );
}
