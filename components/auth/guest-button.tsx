"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { useSignIn } from "./use-sign-in";

// Apart from the login page's demo buttons (quick-sign-in.tsx): the landing page, signup and a
// group order's invitation ship this button alone (a client module ships all its exports).

/** Continue as guest (POST /api/auth/guest), then /home (or `to`: back to a group order's link); its words the page's (the alerts provider's). */
export function GuestButton({ block = true, to }: { block?: boolean; to?: string }) {
  const [pending, setPending] = useState(false);
  const signIn = useSignIn(to);
  const { show, words } = useAlerts();
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
      {pending ? words.starting : words.guest}
    </button>
  );
}
