"use client";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";

/** Opens the browser's print dialog for the page (the kitchen ticket); disabled until its script runs. */
export function PrintButton() {
  const mounted = useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
  return (
    <button type="button" className={buttonClass({})} disabled={!mounted} onClick={() => window.print()}>
      Print ticket
    </button>
  );
}
