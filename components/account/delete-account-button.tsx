"use client";
import { lazy, Suspense, useState } from "react";

// The dialog (and its form) loads when the button is pressed, not with the page.
const DeleteAccountDialog = lazy(() => import("./delete-account-dialog").then((m) => ({ default: m.DeleteAccountDialog })));

export function DeleteAccountButton({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
