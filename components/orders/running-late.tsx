"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatTime } from "@/lib/shared/time/format-date";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { clearlyLate, runningLate, type ArrivalWindow, type LateFacts } from "@/lib/shared/delivery/arrival";
import { lateEstimate, type LateWords as WhyWords } from "@/lib/shared/delivery/late-estimate";
import styles from "./order-detail.module.css";

/** What a late order's page offers whoever placed it: message the courier holding it, cancel a late kitchen's order, report it never arrived. */
export type LateOffers = { orderId: number; courierName: string | null; onCancel: (() => void) | null };

type RunningLateProps = {
  window: ArrivalWindow;
  lateAtRender: boolean;
  pickup: boolean;
  /** The order's facts now (its JSON): the new window is counted from them (lib/shared/delivery/late-estimate.ts lateEstimate). */
  facts: LateFacts;
  timeZone?: string;
  /** When the server rendered the page: the first render counts from it, so the browser's first paint says the same. */
  renderedAt: number;
  /** The courier's newest streamed position (picked up: the new window counts the ride from it). */
  livePosition?: Point | null;
  /** Told whether it is late and its new window: the page hides the passed window and every card states this one. */
  onLate?: (late: boolean, window: ArrivalWindow | null) => void;
  /** Null for a group order's participant (read-only). */
  offers?: LateOffers | null;
  /** Its words (the catalogue's order.late) and the times' language, from the server. */
  words: LateWords;
  locale: Locale;
};

/** `why`: the new estimate's reasons (the catalogue's lines.late). */
type LateWords = Words<"order">["late"] & { why: WhyWords };

/**
 * "Running late" on an open order's page once its arrival window has passed (lib/shared/delivery/arrival.ts
 * runningLate): the server's verdict when it rendered the page, then the browser's clock. Late,
 * it says the new window from the facts (the kitchen still cooking, the courier's ride) or that a
 * courier is being found, and why, never the passed window; re-counted every 30 seconds.
 */
export function RunningLate({
  window,
  lateAtRender,
  pickup,
  facts,
  timeZone,
  renderedAt,
  livePosition = null,
  onLate,
  offers = null,
  words: w,
  locale,
}: RunningLateProps) {
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
  const estimate = lateEstimate(withLivePosition(facts, livePosition), now, w.why);
  const from = estimate.window?.from ?? null;
  const to = estimate.window?.to ?? null;
  useEffect(() => onLate?.(late, from && to ? { from, to, scheduled: false } : null), [late, from, to, onLate]);
  if (!late) return null;
  return (
    <div className={styles.lateBlock}>
      <p className={styles.late} role="status">
        {pickup ? w.pickup : w.delivery}
      </p>
      {estimate.window ? (
        <p className={styles.arrival}>
          <span className={styles.label}>{pickup ? w.nowReady : w.newEstimate}</span>{" "}
          <strong>
            {formatTime(estimate.window.from, timeZone, locale)} – {formatTime(estimate.window.to, timeZone, locale)}
          </strong>
        </p>
      ) : null}
      <p className={styles.why}>{estimate.why}</p>
      {offers && <Offers offers={offers} pickup={pickup} clearly={clearlyLate(window.to, now)} w={w} />}
    </div>
  );
}

/** Picked up: the courier's distance to the door from the newest streamed position (else the order's). */
function withLivePosition(facts: LateFacts, live: Point | null): LateFacts {
  const job = facts.delivery;
  if (!job || !live || job.state !== "picked_up") return facts;
  return { ...facts, delivery: { ...job, distanceKm: Math.round(distanceKm(live, job.dropoff) * 10) / 10 } };
}

/** "Message {name}" (to the thread), "Cancel for a full refund" and, once clearly late, "Report that it never arrived" (a late report: Nosh support decides). */
function Offers({ offers, pickup, clearly, w }: { offers: LateOffers; pickup: boolean; clearly: boolean; w: LateWords }) {
  const [sent, setSent] = useState(false);
  const reporting = useApiAction(() => api(`/api/orders/${offers.orderId}/problems`, { method: "POST", body: { reason: "late" } }), { onSuccess: () => setSent(true) });
  const report = sent ? { sent, error: null } : { sent, error: reporting.message };
  const neverArrived = () => reporting.run();
  const small = buttonClass({ variant: "secondary", size: "small" });
  return (
    <div className={styles.lateActions}>
      {offers.courierName && (
        <a href="#courier-messages" className={small}>
          {fill(w.message, { name: offers.courierName })}
        </a>
      )}
      {offers.onCancel && (
        <button type="button" className={small} onClick={offers.onCancel}>
          {w.cancel}
        </button>
      )}
      {!pickup && clearly && !report.sent && (
        <button type="button" className={small} onClick={() => void neverArrived()}>
          {w.report}
        </button>
      )}
      {report.sent && <p className={styles.why}>{w.sent}</p>}
      {report.error && (
        <p role="alert" className={styles.lateError}>
          {report.error}
        </p>
      )}
    </div>
  );
}
