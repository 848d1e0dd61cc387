"use client";
import Link from "next/link";
import { useState } from "react";
import { SignupModal } from "@/components/auth/signup-modal";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import styles from "./account.module.css";

/** A guest has no profile to edit (spec section 6): offer the signup that keeps their cart. */
export function GuestAccountPrompt() {
  const [open, setOpen] = useState(false);
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
        Create an account to add a profile picture, a delivery address and your contact details. Your cart and anything you
        have done as a guest stay with you.
      </EmptyState>
      <SignupModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
