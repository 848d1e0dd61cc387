"use client";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitWords } from "@/lib/shared/delivery/distance";
import type { Words } from "@/lib/i18n/words";
import { useCallback, useEffect, useState } from "react";
import { DeliveryTracking } from "@/components/orders/delivery-tracking";
import { PageHeader } from "@/components/ui/page-header";
import type { TrackingJson } from "@/lib/contract/deliveries/schemas";
import { formatTimeOrDay } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import styles from "./tracking-view.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** How often the page reads the delivery again while it is open (no account: no event stream). */
const REREAD_MS = 15_000;

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
  /** The courier's lines in the page's language (the catalogue's order.tracking), the page's own and the map's (courier.tracking, .map, .units), the statuses' (lines.deliveryStatus), from the server. */
  lang: {
    words: Words<"order">["tracking"];
    locale: Locale;
    courier: Pick<Words<"courier">, "tracking" | "map"> & { units: UnitWords };
    status: Words<"lines">["deliveryStatus"];
  };
}) {
  const [tracking, setTracking] = useState(initial);
  const [stale, setStale] = useState(false);
  const zone = tracking.restaurant.timeZone;
  const w = lang.courier.tracking;
  const at = (instant: string) => formatTimeOrDay(instant, zone, renderedAt, lang.locale);
  const steps: Record<string, string> = w.steps;
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
      <PageHeader
        title={fill(w.title, { restaurant: tracking.restaurant.name })}
        subtitle={fill(w.subtitle, { recipient: tracking.recipient, area: tracking.dropoffArea })}
      />
      <div className={styles.body}>
        <section className={styles.card} aria-labelledby="track-status">
          <p className={styles.kicker}>{w.status}</p>
          <h2 id="track-status" className={styles.status} aria-live="polite" data-testid="track-status">
            {lang.status[tracking.status] ?? tracking.statusText}
          </h2>
          {tracking.eta && tracking.status !== "picked_up" && (
            <p className={styles.eta} data-testid="track-eta">
              {fill(w.arriving, { from: at(tracking.eta.from), to: at(tracking.eta.to) })}
            </p>
          )}
          {stale && (
            <p className={styles.stale} role="status">
              {w.stale}
            </p>
          )}
          <DeliveryTracking
            words={lang.words}
            locale={lang.locale}
            mapWords={lang.courier}
            courier={tracking.courier ?? undefined}
            delivery={tracking.delivery ?? undefined}
            livePosition={null}
            eta={tracking.eta ? { ...tracking.eta, scheduled: false } : null}
            tileUrl={tileUrl}
            timeZone={zone}
            reread={reread}
          />
        </section>
        <TitledSection id="track-steps" title={w.progress} className={styles.card} titleClassName={styles.stepsTitle}>
          <ol className={styles.steps}>
            {tracking.steps.map((step) => (
              <li key={`${step.stage}-${step.at}`} className={styles.step}>
                <span>{steps[step.stage] ?? step.stage}</span>
                <time dateTime={step.at}>{at(step.at)}</time>
              </li>
            ))}
          </ol>
          <p className={styles.note}>{fill(w.questions, { restaurant: tracking.restaurant.name })}</p>
        </TitledSection>
      </div>
    </div>
  );
}
