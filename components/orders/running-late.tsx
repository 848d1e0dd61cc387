"use client";
import { useEffect, useState, type ReactNode } from "react";
import { formatTime } from "@/lib/shared/format-date";
import { clearlyLate, lateEstimate, RUNNING_LATE_TEXT, runningLate, type ArrivalWindow, type LateFacts } from "@/lib/shared/arrival";
import styles from "./order-detail.module.css";

/** What a late order's page offers, given the clock: contact the courier, report it never arrived, cancel. */
export type LateActions = (state: { clearlyLate: boolean }) => ReactNode;

type RunningLateProps = {
  window: ArrivalWindow;
  lateAtRender: boolean;
  pickup: boolean;
  /** The order's facts now (its JSON): the new window is counted from them (lib/shared/arrival.ts lateEstimate). */
  facts: LateFacts;
  timeZone?: string;
  /** When the server rendered the page: the first render counts from it, so the browser's first paint says the same. */
  renderedAt: number;
  /** Told when the order turns late (the page then hides the passed window). */
  onLate?: (late: boolean) => void;
  actions?: LateActions;
};

/**
 * "Running late" on an open order's page once its arrival window has passed (lib/shared/arrival.ts
 * runningLate): the server's verdict when it rendered the page, then the browser's clock. Late,
 * it says the new window from the facts (the kitchen still cooking, the courier's ride) or that a
 * courier is being found, and why, never the passed window; re-counted every 30 seconds.
 */
export function RunningLate({ window, lateAtRender, pickup, facts, timeZone, renderedAt, onLate, actions }: RunningLateProps) {
  const [now, setNow] = useState(renderedAt);
  // The first render's clock is the server's (lateAtRender is its verdict at that instant).
  const late = now === renderedAt ? lateAtRender : runningLate(window, now);
  useEffect(() => {
    // The browser's clock from the first tick on (the render used the server's).
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  useEffect(() => onLate?.(late), [late, onLate]);
  if (!late) return null;
  const estimate = lateEstimate(facts, now);
  return (
    <div className={styles.lateBlock}>
      <p className={styles.late} role="status">
        {RUNNING_LATE_TEXT[pickup ? "pickup" : "delivery"]}
      </p>
      {estimate.window ? (
        <p className={styles.arrival}>
          <span className={styles.label}>{pickup ? "Now ready" : "New estimate"}</span>{" "}
          <strong>
            {formatTime(estimate.window.from, timeZone)} – {formatTime(estimate.window.to, timeZone)}
          </strong>
        </p>
      ) : null}
      <p className={styles.why}>{estimate.why}</p>
      {actions?.({ clearlyLate: clearlyLate(window.to, now) })}
    </div>
  );
}
