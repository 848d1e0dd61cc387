"use client";
import { useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "./button";

const COPIED_MS = 3000;

/**
 * Copies `text` to the clipboard: `status` then says `copied` (or `blocked`, where the clipboard is
 * blocked) for three seconds, for the caller's status line.
 */
export function useCopy(text: string, copied: string, blocked: string) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  const copy = async () => {
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
  const { status, copy } = useCopy(text, words.copied, words.copyBlocked);
  return (
    <>
      <button type="button" className={buttonClass({ size: "small", variant: "secondary" })} onClick={copy}>
        {label ?? words.copy}
        {what && <span className="sr-only"> {what}</span>}
      </button>
      <span role="status" aria-live="polite">
        {status}
      </span>
    </>
  );
}
