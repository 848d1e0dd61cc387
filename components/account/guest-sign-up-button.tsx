"use client";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { SignupWords } from "@/components/auth/signup-modal";
import { useOpenedOnce } from "@/lib/client/use-opened-once";

// The signup modal (and its checks) loads on first opening, as in the top bar.
const SignupModal = lazy(() => import("@/components/auth/signup-modal").then((m) => ({ default: m.SignupModal })));

/** The guest prompt's Sign up: the signup that keeps the guest's cart. */
export function GuestSignUpButton({ label, words }: { label: string; words: SignupWords }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <button type="button" className={buttonClass({ size: "large" })} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SignupModal open={open} onClose={() => setOpen(false)} words={words} />
        </Suspense>
      )}
    </>
  );
}
