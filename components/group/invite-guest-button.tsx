"use client";
import { lazy, Suspense } from "react";
import { buttonClass } from "@/components/ui/button";

// Only a signed-out visitor sees the invitation, and the page ships what every visitor of a group
// link may see (over the 150 KB first-load limit before: docs/log/performance.md): the guest sign-in
// (the button, the sign-in hook and its return path) loads after the page. The server renders the
// button itself, so it is on screen from the first paint and works once its code is in; until then
// (or when the invitation comes through a client-side navigation) the same button shows, disabled.
const GuestButton = lazy(() => import("@/components/auth/guest-button").then((m) => ({ default: m.GuestButton })));

/** The invitation's Continue as guest (components/auth/guest-button.tsx), back to the group's link. */
export function InviteGuestButton({ to, label }: { to: string; label: string }) {
  return (
    <Suspense
      fallback={
        <button type="button" className={buttonClass({ variant: "secondary" })} disabled>
          {label}
        </button>
      }
    >
      <GuestButton block={false} to={to} />
    </Suspense>
  );
}
