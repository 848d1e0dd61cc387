"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { useCallback, useEffect, useState } from "react";
import { DeliveryTracking } from "@/components/orders/delivery-tracking";
import { PageHeader } from "@/components/ui/page-header";
import type { TrackingJson } from "@/lib/contract/delivery-schemas";
import { formatTimeOrDay } from "@/lib/shared/format-date";
import styles from "./tracking-view.module.css";

/** How often the page reads the delivery again while it is open (no account: no event stream). */
const REREAD_MS = 15_000;

const STEP_TEXT: Record<string, string> = {
  accepted: "Courier requested",
  ready: "Food ready",
  out_for_delivery: "Picked up",
  delivered: "Delivered",
  canceled: "Canceled by the restaurant",
};
const OPEN = new Set(["finding_courier", "courier_assigned", "courier_at_pickup", "picked_up"]);

/**
 * A delivery's public tracking page (docs/architecture/api-keys.md "Delivery only"): who it is
 * from, where it stands, the courier and the map from assignment (the customer's order page's own
 * DeliveryTracking), the arrival window, and what happened when, in the restaurant's time zone.
 * Read again every 15 s while the tab is visible and the delivery open.
 */
export function TrackingView({
  token,
  initial,
  tileUrl,
  renderedAt,
  lang,
}: {
  token: string;
  initial: TrackingJson;
  tileUrl: string | null;
  renderedAt: number;
  /** The courier's lines in the page's language (the catalogue's order.tracking), from the server. */
  lang: { words: Words<"order">["tracking"]; locale: Locale };
}) {
  const [tracking, setTracking] = useState(initial);
  const [stale, setStale] = useState(false);
  const zone = tracking.restaurant.timeZone;
  const reread = useCallback(async () => {
    try {
      const response = await fetch(`/api/deliveries/track/${encodeURIComponent(token)}`, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      setTracking((await response.json()) as TrackingJson);
      setStale(false);
    } catch {
      setStale(true);
    }
  }, [token]);
  const open = OPEN.has(tracking.status);
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void reread();
    }, REREAD_MS);
    return () => window.clearInterval(timer);
  }, [open, reread]);

  return (
    <div className="container">
      <PageHeader title={`Your delivery from ${tracking.restaurant.name}`} subtitle={`For ${tracking.recipient} · ${tracking.dropoffArea}`} />
      <div className={styles.body}>
        <section className={styles.card} aria-labelledby="track-status">
          <p className={styles.kicker}>Status</p>
          <h2 id="track-status" className={styles.status} aria-live="polite" data-testid="track-status">
            {tracking.statusText}
          </h2>
          {tracking.eta && tracking.status !== "picked_up" && (
            <p className={styles.eta} data-testid="track-eta">
              Arriving {formatTimeOrDay(tracking.eta.from, zone, renderedAt)} – {formatTimeOrDay(tracking.eta.to, zone, renderedAt)}
            </p>
          )}
          {stale && (
            <p className={styles.stale} role="status">
              Could not refresh just now; we will try again.
            </p>
          )}
          <DeliveryTracking
            words={lang.words}
            locale={lang.locale}
            courier={tracking.courier ?? undefined}
            delivery={tracking.delivery ?? undefined}
            livePosition={null}
            eta={tracking.eta ? { ...tracking.eta, scheduled: false } : null}
            tileUrl={tileUrl}
            timeZone={zone}
            reread={reread}
          />
        </section>
        <section className={styles.card} aria-labelledby="track-steps">
          <h2 id="track-steps" className={styles.stepsTitle}>
            Progress
          </h2>
          <ol className={styles.steps}>
            {tracking.steps.map((step) => (
              <li key={`${step.stage}-${step.at}`} className={styles.step}>
                <span>{STEP_TEXT[step.stage] ?? step.stage}</span>
                <time dateTime={step.at}>{formatTimeOrDay(step.at, zone, renderedAt)}</time>
              </li>
            ))}
          </ol>
          <p className={styles.note}>Questions about your order? Call {tracking.restaurant.name}.</p>
        </section>
      </div>
    </div>
  );
}
