"use client";
import { useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "./button";

const COPIED_MS = 3000;

/**
 * Copies to the clipboard: `copy(text)`, then `status` says `copied` (or `blocked`, how to copy by
 * hand where the clipboard is refused) for 3 seconds, or until the next copy when `fades` is false.
 */
export function useCopy({ copied, blocked, fades = true }: { copied: string; blocked: string; fades?: boolean }) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status || !fades) return;
    const timer = window.setTimeout(() => setStatus(null), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [status, fades]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(copied);
    } catch {
      setStatus(blocked);
    }
  };
  return { status, copy };
}

/** A button that copies `text` to the clipboard and announces "Copied" (or how to copy by hand where the clipboard is blocked); its words the page's (the alerts provider's). */
export function CopyButton({ text, label, what }: { text: string; label?: string; what?: string }) {
  const { words } = useAlerts();
  const { status, copy } = useCopy({ copied: words.copied, blocked: words.copyBlocked });
  return (
    <>
      <button type="button" className={buttonClass({ size: "small", variant: "secondary" })} onClick={() => void copy(text)}>
        {label ?? words.copy}
        {what && <span className="sr-only"> {what}</span>}
      </button>
      <span role="status" aria-live="polite">
        {status}
      </span>
    </>
  );
}
