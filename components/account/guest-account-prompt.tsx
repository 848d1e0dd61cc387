"use client";
import Link from "@/components/ui/link";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import styles from "./account.module.css";

// The signup modal (and its checks) loads on first opening, as in the top bar.
const SignupModal = lazy(() => import("@/components/auth/signup-modal").then((m) => ({ default: m.SignupModal })));

/** A guest has no profile to edit: offer the signup that keeps their cart. */
export function GuestAccountPrompt() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <EmptyState
        icon="userPlus"
        title="You are browsing as a guest"
        action={
          <div className={styles.promptActions}>
            <button type="button" className={buttonClass({ size: "large" })} onClick={() => setOpen(true)} aria-haspopup="dialog">
              Sign up
            </button>
            <Link href="/login" className={buttonClass({ variant: "ghost", size: "large" })}>
              Log in
            </Link>
          </div>
        }
      >
        Create an account to add a profile picture, a delivery address and your contact details. Your cart and anything you have done as a guest stay with you.
      </EmptyState>
      {opened && (
        <Suspense fallback={null}>
          <SignupModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
