"use client";
import { useState } from "react";
import type { DeleteAccountDialog } from "./delete-account-dialog";

/** Opens the closing dialog, whose code (and form) loads on the first press, not with the page. */
export function DeleteAccountButton({ className }: { className: string }) {
  const [Dialog, setDialog] = useState<typeof DeleteAccountDialog | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => void import("./delete-account-dialog").then((m) => setDialog(() => m.DeleteAccountDialog))}
      >
        Delete my account
      </button>
      {Dialog && <Dialog open onClose={() => setDialog(null)} />}
    </>
  );
}
