"use client";
import { Suspense, useEffect } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";
import { IconGlyph } from "@/components/ui/icons";
import { arrivalWindow, type ArrivalWindow } from "@/lib/shared/delivery/arrival";
import { distanceKm, HELD_STATES, SEARCHING_STATES, type OrderCourier, type OrderDelivery, type Point } from "@/lib/shared/delivery/delivery";
import { arrivalText, customerCourierLine, ridingWithLine } from "@/lib/shared/delivery/customer-delivery-text";
import { distanceIn } from "@/lib/shared/delivery/distance";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { failureText, type ReasonWords } from "@/lib/shared/words/stored-texts";
import type { MapWords } from "@/components/map/delivery-map";
import styles from "./delivery-tracking.module.css";

// The map is its own chunk: only an order with a courier loads it (never another page's first load).
const DeliveryMap = lazyComponent(() => import("@/components/map/delivery-map"));

type TrackingProps = {
  courier: OrderCourier | undefined;
  delivery: OrderDelivery | undefined;
  /** The courier's newest position from the stream (courier_position), newer than the order's. */
  livePosition: { point: Point; at: number } | null;
  /** The order's one estimate (the server's): while the courier carries it, followed with each streamed position. */
  eta: ArrivalWindow | null;
  /** The order is running late: `eta` is the page's late window (the one RunningLate states), shown as it is. */
  late?: boolean;
  tileUrl: string | null;
  timeZone?: string;
  /** Re-reads the order: while the courier heads to the restaurant (no position is streamed then), every REREAD_HEADING_MS. */
  reread?: () => Promise<unknown>;
  /** Its words (the catalogue's order.tracking) and the times' language, from the server. */
  words: Words<"order">["tracking"];
  locale: Locale;
  /** The map's words (the catalogue's courier.map and courier.units; the market's unit is the delivery's). */
  mapWords: MapWords;
  /** A failed delivery's reason's words (the catalogue's server.storedTexts.choices); the API's English without. */
  reasons?: ReasonWords;
};

/** How often the page re-reads how far the courier is from the restaurant, before pickup. */
const REREAD_HEADING_MS = 30_000;

/**
 * The delivery on the customer's order page: "Finding a courier" while searching; from
 * assignment the courier's first name, how many minutes they are from the restaurant (re-read
 * every 30 s; never where they are) and the map of the restaurant and the drop-off; from pickup
 * until delivery the courier on it, how far they are and when they should arrive, following each
 * position the stream sends. A failed delivery says why. Nothing for a pickup order.
 */
export function DeliveryTracking({
  courier,
  delivery,
  livePosition,
  eta: serverEta,
  late = false,
  tileUrl,
  timeZone,
  reread,
  words: w,
  locale,
  mapWords,
  reasons,
}: TrackingProps) {
  const heading = delivery?.state === "assigned";
  useEffect(() => {
    if (!heading || !reread) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void reread().catch(() => undefined);
    }, REREAD_HEADING_MS);
    return () => window.clearInterval(timer);
  }, [heading, reread]);
  if (!delivery || delivery.state === "canceled") return null;
  if (delivery.state === "failed") {
    return (
      <p className={styles.failed}>
        <IconGlyph name="close" size={16} /> {failureLine(delivery, w, reasons)}
      </p>
    );
  }
  if (SEARCHING_STATES.includes(delivery.state) || !courier) {
    return (
      <p className={styles.searching} aria-live="polite">
        <span className={styles.pulse} aria-hidden="true" /> {w.finding}
      </p>
    );
  }
  if (delivery.state === "delivered") return <p className={styles.line}>{fill(w.deliveredBy, { name: courier.firstName })}</p>;

  const carrying = delivery.state === "picked_up";
  const position = carrying ? (livePosition?.point ?? delivery.position ?? null) : null;
  const km = position ? distanceKm(position, delivery.dropoff) : delivery.distanceKm;
  // The same estimate as the server's (lib/shared/delivery/arrival.ts), from the newest streamed position and when it was taken.
  const eta =
    carrying && livePosition && !late
      ? arrivalWindow({
          status: "Submitted",
          deliveryOption: null,
          scheduledFor: null,
          submittedAt: null,
          courier: {
            state: "picked_up",
            restaurant: delivery.restaurant,
            dropoff: delivery.dropoff,
            position: { point: livePosition.point, at: new Date(livePosition.at) },
          },
        })
      : serverEta;
  return (
    <section className={styles.tracking} aria-labelledby="courier-title">
      <div className={styles.head}>
        <h3 id="courier-title" className={styles.title} aria-live="polite">
          {fill(w.yourCourier, { name: courier.firstName })}
        </h3>
        <p className={styles.line}>{customerCourierLine(delivery.state, courier.firstName, carrying ? undefined : delivery.distanceKm, w)}</p>
        {delivery.ridingWith && (
          <p className={styles.line} data-testid="riding-with">
            {ridingWithLine(delivery.ridingWith.extraMinutes, w)}
          </p>
        )}
        {carrying && (
          <p className={styles.figures}>
            {km !== undefined && <span data-testid="courier-distance">{fill(w.away, { distance: distanceIn(km, mapWords.units, delivery.distanceUnit) })}</span>}
            {eta && <strong>{arrivalText(eta.from, eta.to, timeZone, w, locale)}</strong>}
          </p>
        )}
      </div>
      {HELD_STATES.includes(delivery.state) && (
        <Suspense fallback={<div className={styles.mapSpace} aria-hidden="true" />}>
          <DeliveryMap
            restaurant={delivery.restaurant}
            dropoff={delivery.dropoff}
            courier={position}
            tileUrl={tileUrl}
            courierName={courier.firstName}
            words={mapWords}
            unit={delivery.distanceUnit}
          />
        </Suspense>
      )}
    </section>
  );
}

/** "Your courier could not deliver this order: Couldn't reach you", in the reader's words. */
function failureLine(delivery: NonNullable<OrderDelivery>, w: Words<"order">["tracking"], reasons?: ReasonWords): string {
  const reason = failureText(delivery, reasons);
  return reason ? fill(w.failedWhy, { reason }) : w.failed;
}
