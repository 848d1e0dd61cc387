"use client";
import { useId, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import type { FoundPlace, LocateReason } from "@/lib/client/locate";
import styles from "./use-location-button.module.css";
import { LiveButton } from "@/components/ui/live-button";

/**
 * "Use my location": the browser's position matched to the nearest known ZIP
 * (lib/client/locate.ts, loaded on the first press: no page's first load carries it), handed to
 * `onFound`; the street stays the customer's to type. Why no ZIP came of it (permission denied,
 * no fix, too slow: the error's `reason`) is said beside the button, read out by screen readers.
 * Its words are the page's (the alerts provider's, locateWhy).
 */
export function UseLocationButton({ onFound, className }: { onFound: (place: FoundPlace) => void; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const messageId = useId();
  const { words } = useAlerts();

  async function locate() {
    if (busy) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const { locateZip } = await import("@/lib/client/locate");
      onFound(await locateZip());
    } catch (error) {
      const reason = (error as { reason?: LocateReason }).reason;
      setMessage(reason ? words.locateWhy[reason] : error instanceof Error && error.name !== "ChunkLoadError" ? error.message : words.locateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`${styles.wrap} ${className ?? ""}`}>
      <LiveButton
        className={buttonClass({ variant: "ghost", className: styles.button })}
        onClick={locate}
        // Not `disabled` while it looks: the focus stays on the button for a keyboard user.
        aria-disabled={busy || undefined}
        aria-describedby={message ? messageId : undefined}
      >
        <IconGlyph name="pin" size={18} />
        {busy ? words.locating : words.locate}
      </LiveButton>
      <p id={messageId} className={styles.message} role="status">
        {message}
      </p>
    </div>
  );
}
