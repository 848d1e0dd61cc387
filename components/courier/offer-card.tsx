"use client";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { distanceIn, type UnitWords } from "@/components/map/distance";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { countdownAnnouncement, formatCountdown, secondsLeftText, secondsUntil } from "@/lib/shared/delivery/delivery-text";
import { fill } from "@/lib/shared/words/fill";
import type { Point } from "@/lib/shared/delivery/delivery";
import { liveDistanceKm } from "./live-distance";
import type { OfferJob } from "./types";
import styles from "./courier.module.css";

type OfferProps = {
  job: OfferJob;
  position: Point | null;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  words: Pick<Words<"courier">, "offer"> & { units: UnitWords };
  locale: Locale;
};

/**
 * An offer: where, how far, what it pays, how much to carry, and the time left to accept it. Of
 * the drop-off only its area and the trip's length: the address comes with the accepted job. The
 * time left is read out politely on arrival and at 20, 10 and 5 seconds, not every second.
 */
export function OfferCard({ job, position, busy, onAccept, onDecline, words, locale }: OfferProps) {
  const w = words.offer;
  const distance = liveDistanceKm(job, position);
  // One clock: the badge, its words and the live announcement all read this
  // tick's time against the offer's end by this device's clock.
  const deadline = job.offerDeadline ?? null;
  const [tick, setTick] = useState(() => ({ now: Date.now(), said: deadline ? countdownAnnouncement(secondsUntil(deadline, Date.now()), true, w) : null }));
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setTick({ now, said: countdownAnnouncement(secondsUntil(deadline, now), false, w) });
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [deadline, w]);
  const left = deadline ? secondsUntil(deadline, tick.now) : null;
  const expired = left === 0;
  const titleId = `offer-${job.id}`;

  return (
    <section className={`${styles.card} ${styles.offer}`} aria-labelledby={titleId}>
      <div className={styles.offerHead}>
        <p className={styles.kicker}>{w.kicker}</p>
        {left !== null && (
          <p className={`${styles.countdown} ${left <= 10 ? styles.countdownLow : ""}`} data-testid="offer-countdown">
            <span aria-hidden="true">{formatCountdown(left)}</span>
            <span className="sr-only">{secondsLeftText(left, w)}</span>
          </p>
        )}
      </div>
      <h2 id={titleId} className={styles.cardTitle} tabIndex={-1} data-card-title>
        {job.restaurant.name}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>{w.pay}</dt>
          <dd>{formatMoney(job.pay, locale)}</dd>
        </div>
        <div>
          <dt>{w.toRestaurant}</dt>
          <dd>{distance === null ? "—" : distanceIn(distance, words.units, job.distanceUnit)}</dd>
        </div>
        <div>
          <dt>{w.items}</dt>
          <dd>{job.itemsCount}</dd>
        </div>
      </dl>
      <p className={styles.address}>{job.restaurant.address}</p>
      <p className={styles.meta} data-testid="offer-dropoff">
        {fill(w.then, { distance: distanceIn(job.dropoff.tripKm, words.units, job.distanceUnit), area: job.dropoff.area })}
      </p>
      <p className="sr-only" aria-live="polite">
        {tick.said}
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ size: "large", block: true, className: styles.big })} onClick={onAccept} disabled={busy || expired}>
          {busy ? w.accepting : expired ? w.expired : w.accept}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "large", block: true, className: styles.big })}
          onClick={onDecline}
          disabled={busy || expired}
        >
          {w.decline}
        </button>
      </div>
    </section>
  );
}
