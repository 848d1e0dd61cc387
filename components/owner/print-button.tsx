"use client";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";

/** Opens the browser's print dialog for the page (the kitchen ticket); disabled until its script runs. The page gives its label (the catalogue). */
export function PrintButton({ label }: { label: string }) {
  const mounted = useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
  return (
    <button type="button" className={buttonClass({})} disabled={!mounted} onClick={() => window.print()}>
      {label}
    </button>
  );
}
