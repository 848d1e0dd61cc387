"use client";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";
import { useCopy } from "@/components/ui/copy-button";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./group.module.css";
import { LiveButton } from "@/components/ui/live-button";

const noSubscribe = () => () => undefined;

/**
 * The group's link with Copy (the clipboard; "Copied" is announced) and, where the browser
 * offers it (phones), the system share sheet. The origin is the browser's: the server renders
 * the path alone.
 */
export function ShareLink({ path, restaurantName, words: w }: { path: string; restaurantName: string; words: Words<"orderflow">["group"]["share"] }) {
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  const canShare = useSyncExternalStore(
    noSubscribe,
    () => typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches,
    () => false,
  );
  const url = `${origin}${path}`;
  const { status, copy } = useCopy(url, w.copied, w.blocked);
  const share = () => navigator.share({ title: fill(w.shareTitle, { restaurant: restaurantName }), url }).catch(() => undefined);

  return (
    <section className={styles.share} aria-labelledby="share-title">
      <h2 id="share-title" className={styles.shareTitle}>
        {w.title}
      </h2>
      <p className={styles.muted}>{w.text}</p>
      <div className={styles.shareRow}>
        <label htmlFor="group-link" className="sr-only">
          {w.link}
        </label>
        <input id="group-link" className={styles.linkInput} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <LiveButton className={buttonClass({ size: "small" })} onClick={copy}>
          {w.copy}
        </LiveButton>
        {canShare && (
          <LiveButton className={buttonClass({ variant: "secondary", size: "small" })} onClick={share}>
            {w.share}
          </LiveButton>
        )}
      </div>
      <p role="status" className={styles.copied}>
        {status}
      </p>
    </section>
  );
}
