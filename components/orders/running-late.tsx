"use client";
import { useEffect, useState } from "react";
import { RUNNING_LATE_TEXT, runningLate, type ArrivalWindow } from "@/lib/shared/arrival";
import styles from "./order-detail.module.css";

/**
 * "Running late" on an open order's page once its arrival window has passed (lib/shared/arrival.ts
 * runningLate): the server's verdict when it rendered the page, then the browser's clock at the
 * window's end. The window itself does not creep forward: only a new fact moves it.
 */
export function RunningLate({ window, lateAtRender, pickup }: { window: ArrivalWindow; lateAtRender: boolean; pickup: boolean }) {
  const [late, setLate] = useState(lateAtRender);
  const to = window.to;
  useEffect(() => {
    const check = () => setLate(runningLate(window, Date.now()));
    check();
    const wait = new Date(to).getTime() - Date.now();
    // A timer waits at most about 24.8 days (2^31 ms): a window further off gets none.
    if (wait <= 0 || wait > 2_147_000_000) return;
    const timer = setTimeout(check, wait + 1_000);
    return () => clearTimeout(timer);
    // Only the window's end matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [to]);
  if (!late) return null;
  return (
    <p className={styles.late} role="status">
      {RUNNING_LATE_TEXT[pickup ? "pickup" : "delivery"]}
    </p>
  );
}
