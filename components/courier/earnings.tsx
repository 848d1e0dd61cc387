"use client";
import { useCallback, useEffect, useState } from "react";
import { PayoutAccountPanel } from "@/components/payouts/payout-account-panel";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PendingEarnings } from "@/components/payouts/pending-earnings";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { formatTime, formatWeekday } from "@/lib/shared/format-date";
import type { CourierEarningsJson } from "@/lib/server/payouts/courier";
import { errorText } from "./use-courier";
import styles from "./courier.module.css";
import type { Words } from "@/lib/i18n/words";

/** The courier's money (GET /api/courier/earnings): available and pending, Pay out, each day's and each delivery's pay. Loaded when opened. */
export function CourierEarnings({ payoutWords }: { payoutWords: Words<"kitchen">["payouts"] }) {
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
        Loading your earnings…
      </p>
    );
  }
  const deliveries = earnings.entries.filter((entry) => entry.kind !== "payout");
  return (
    <div className={styles.earnings}>
      <dl className={styles.figures}>
        <div>
          <dt>Available</dt>
          <dd data-testid="earnings-available">{formatMoney(earnings.available)}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{formatMoney(earnings.pending)}</dd>
        </div>
      </dl>
      <PendingEarnings pending={earnings.pendingEarnings} level={3} promotional={earnings.promotional} owed={earnings.owed} words={payoutWords.pending} />
      {earnings.flagged.length > 0 && (
        <ul className={styles.earningsList} aria-label="Held pay" data-testid="held-pay">
          {earnings.flagged.map((row) => (
            <li key={row.orderId}>
              <span>
                #{row.orderId} {row.restaurantName} · {row.status === "held" ? "held" : "not paid"}: {row.reason}
                {row.status === "held" ? ". Nosh is checking it" : ". Nosh refused this pay"}
              </span>
              <strong>{formatMoney(row.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
      {earnings.inFlight && (
        <p className={styles.hint} role="status">
          Payout {earnings.inFlight.reference} of {formatMoney(earnings.inFlight.amount)} is on its way.
        </p>
      )}
      <PayoutForm
        key={`${earnings.available}:${earnings.inFlight?.id ?? ""}`}
        url="/api/courier/payouts"
        availableCents={Math.round(earnings.available * 100)}
        inFlight={Boolean(earnings.inFlight)}
        onPaid={load}
        words={payoutWords.form}
      />
      <PayoutAccountPanel url="/api/courier/payout-account" level={3} words={payoutWords} />
      <h3 className={styles.smallTitle}>By day</h3>
      {earnings.days.length === 0 ? (
        <p className={styles.meta}>No deliveries in the last 30 days.</p>
      ) : (
        <ul className={styles.earningsList} aria-label="Pay by day">
          {earnings.days.map((day) => (
            <li key={day.day}>
              <span>
                {formatWeekday(`${day.day}T12:00:00Z`, "UTC")} · {day.deliveries} {day.deliveries === 1 ? "delivery" : "deliveries"}
              </span>
              <strong>{formatMoney(day.earnings)}</strong>
            </li>
          ))}
        </ul>
      )}
      {deliveries.length > 0 && (
        <>
          <h3 className={styles.smallTitle}>By delivery</h3>
          <ul className={styles.earningsList} aria-label="Pay by delivery">
            {deliveries.map((entry, i) => (
              <li key={`${entry.at}:${i}`}>
                <span>
                  {entry.kind === "refund" ? "Refund of " : entry.kind === "wait_pay" ? "Wait pay, " : ""}#{entry.orderId} {entry.restaurantName ?? ""} ·{" "}
                  <time dateTime={entry.at}>{formatTime(entry.at, earnings.timeZone)}</time>
                </span>
                <strong>{formatMoney(entry.amount)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
