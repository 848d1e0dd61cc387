"use client";
import { useCallback, useEffect, useState } from "react";
import { PayoutAccountPanel } from "@/components/payouts/payout-account-panel";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PendingEarnings } from "@/components/payouts/pending-earnings";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { formatTime, formatWeekday } from "@/lib/shared/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import type { CourierEarningsJson } from "@/lib/server/payouts/courier";
import { errorText } from "./use-courier";
import styles from "./courier.module.css";

/** The courier's money (GET /api/courier/earnings): available and pending, Pay out, each day's and each delivery's pay. Loaded when opened. */
export function CourierEarnings({ words: w, locale, payoutWords }: { words: Words<"courier">["earnings"]; locale: Locale; payoutWords: Words<"kitchen">["payouts"] }) {
  const money = (dollars: number) => formatMoney(dollars, locale);
  const [earnings, setEarnings] = useState<CourierEarningsJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api<CourierEarningsJson>("/api/courier/earnings").then(
      (loaded) => (setEarnings(loaded), setError(null)),
      (failure: unknown) => setError(errorText(failure)),
    );
  }, []);
  useEffect(load, [load]);

  if (!earnings) {
    return error ? (
      <p className={styles.alert} role="alert">
        {error}
      </p>
    ) : (
      <p className={styles.loading} role="status">
        {w.loading}
      </p>
    );
  }
  const deliveries = earnings.entries.filter((entry) => entry.kind !== "payout");
  return (
    <div className={styles.earnings}>
      <dl className={styles.figures}>
        <div>
          <dt>{w.available}</dt>
          <dd data-testid="earnings-available">{money(earnings.available)}</dd>
        </div>
        <div>
          <dt>{w.pending}</dt>
          <dd>{money(earnings.pending)}</dd>
        </div>
      </dl>
      <PendingEarnings pending={earnings.pendingEarnings} level={3} promotional={earnings.promotional} owed={earnings.owed} words={payoutWords.pending} />
      {earnings.flagged.length > 0 && (
        <ul className={styles.earningsList} aria-label={w.held} data-testid="held-pay">
          {earnings.flagged.map((row) => (
            <li key={row.orderId}>
              <span>{fill(row.status === "held" ? w.heldRow : w.refusedRow, { id: row.orderId, restaurant: row.restaurantName, reason: row.reason })}</span>
              <strong>{money(row.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
      {earnings.inFlight && (
        <p className={styles.hint} role="status">
          {fill(w.inFlight, { reference: earnings.inFlight.reference, amount: money(earnings.inFlight.amount) })}
        </p>
      )}
      <PayoutForm
        url="/api/courier/payouts"
        availableCents={Math.round(earnings.available * 100)}
        inFlight={Boolean(earnings.inFlight)}
        onPaid={load}
        words={payoutWords.form}
      />
      <PayoutAccountPanel url="/api/courier/payout-account" level={3} words={payoutWords} />
      <h3 className={styles.smallTitle}>{w.byDay}</h3>
      {earnings.days.length === 0 ? (
        <p className={styles.meta}>{w.none}</p>
      ) : (
        <ul className={styles.earningsList} aria-label={w.payByDay}>
          {earnings.days.map((day) => (
            <li key={day.day}>
              <span>{fill(day.deliveries === 1 ? w.dayOne : w.dayMany, { day: formatWeekday(`${day.day}T12:00:00Z`, "UTC", locale), count: day.deliveries })}</span>
              <strong>{money(day.earnings)}</strong>
            </li>
          ))}
        </ul>
      )}
      {deliveries.length > 0 && (
        <>
          <h3 className={styles.smallTitle}>{w.byDelivery}</h3>
          <ul className={styles.earningsList} aria-label={w.payByDelivery}>
            {deliveries.map((entry, i) => (
              <li key={`${entry.at}:${i}`}>
                <span>
                  {fill(entry.kind === "refund" ? w.refund : entry.kind === "wait_pay" ? w.waitPay : w.delivery, {
                    id: entry.orderId ?? "",
                    restaurant: entry.restaurantName ?? "",
                  })}{" "}
                  <time dateTime={entry.at}>{formatTime(entry.at, earnings.timeZone, locale)}</time>
                </span>
                <strong>{money(entry.amount)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
