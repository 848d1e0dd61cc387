"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import styles from "./account.module.css";

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function SignOutEverywhere() {
  const { setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await api("/api/auth/logout-everywhere", { method: "POST" });
      setUser(null);
      show("Logged out on every device", "success");
      router.push("/");
      router.refresh();
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
      setPending(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="account-security">
      <h2 id="account-security" className={styles.sectionTitle}>
        Security
      </h2>
      <p className={styles.muted}>Signed in on a device you no longer use? Log out everywhere, this device included.</p>
      <div>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={signOut} disabled={pending}>
          {pending ? "Logging out…" : "Log out everywhere"}
        </button>
      </div>
    </section>
  );
}
