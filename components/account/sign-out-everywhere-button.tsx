"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { LOGGED_OUT_EVERYWHERE } from "@/lib/shared/messages";

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function SignOutEverywhereButton() {
  const { setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await api("/api/auth/logout-everywhere", { method: "POST" });
      setUser(null);
      show(LOGGED_OUT_EVERYWHERE, "success");
      router.push("/");
      router.refresh();
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
      setPending(false);
    }
  }

  return (
    <button type="button" className={buttonClass({ variant: "secondary" })} onClick={signOut} disabled={pending}>
      {pending ? "Logging out…" : "Log out everywhere"}
    </button>
  );
}
