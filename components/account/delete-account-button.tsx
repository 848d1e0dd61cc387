"use client";
import { useState } from "react";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import type { DeleteAccountDialog } from "./delete-account-dialog";

/** Opens the closing dialog, whose code (and form) loads on the first press, not with the page. */
export function DeleteAccountButton({ className, words, locale }: { className: string; words: Words<"profile">["account"]["delete"]; locale: Locale }) {
  const [Dialog, setDialog] = useState<typeof DeleteAccountDialog | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => void import("./delete-account-dialog").then((m) => setDialog(() => m.DeleteAccountDialog))}
      >
        {words.button}
      </button>
      {Dialog && <Dialog open onClose={() => setDialog(null)} words={words} locale={locale} />}
    </>
  );
}
