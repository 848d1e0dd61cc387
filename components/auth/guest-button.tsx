"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { useSignIn } from "./use-sign-in";
import { LiveButton } from "@/components/ui/live-button";

// Apart from the login page's demo buttons (quick-sign-in.tsx): the landing page, signup and a
// group order's invitation ship this button alone (a client module ships all its exports).

/** Continue as guest (POST /api/auth/guest), then /home (or `to`: back to a group order's link); its words the page's (the alerts provider's). */
export function GuestButton({ block = true, to }: { block?: boolean; to?: string }) {
  // Signed in, the button stays busy while the next page opens.
  const [signedIn, setSignedIn] = useState(false);
  const signIn = useSignIn(to);
  const { show, words } = useAlerts();
  const signingIn = useApiAction(() => signIn("/api/auth/guest"), {
    onSuccess: () => setSignedIn(true),
    onError: (failure) => show(failure.message, "error"),
  });
  const pending = signingIn.busy || signedIn;
  const go = () => void signingIn.run();
  return (
    <LiveButton className={buttonClass({ variant: "secondary", block })} onClick={go} disabled={pending}>
      {pending ? words.starting : words.guest}
    </LiveButton>
  );
}
