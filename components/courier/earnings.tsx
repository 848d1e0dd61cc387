"use client";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { PayoutAccountPanel } from "@/components/payouts/payout-account-panel";
import { PayoutForm } from "@/components/payouts/payout-form";
import { PendingEarnings } from "@/components/payouts/pending-earnings";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { formatTime, formatWeekday } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { CourierEarningsJson, CourierMoneyJson } from "@/lib/server/payouts/courier";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import type { EarningsWords } from "./types";
import { flagText } from "@/lib/shared/words/stored-texts";
import { errorText } from "./use-courier";
import styles from "./courier.module.css";

/** The courier's money (GET /api/courier/earnings): available and pending, Pay out, each day's and each delivery's pay; then each other currency's the same. Loaded when opened. */
export function CourierEarnings({
  words: w,
  locale,
  payoutWords,
}: {
  words: EarningsWords;
  locale: Locale;
  payoutWords: Words<"kitchen">["payouts"] & { rules?: RuleWords };
}) {
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
  const held = earnings.flagged.length > 0 && (
    <ul className={styles.earningsList} aria-label={w.held} data-testid="held-pay">
      {earnings.flagged.map((row) => (
        <li key={row.orderId}>
          <span>
            {fill(row.status === "held" ? w.heldRow : w.refusedRow, {
              id: row.orderId,
              restaurant: row.restaurantName,
              reason: row.flags ? flagText(row.flags, w.flags) : row.reason,
            })}
          </span>
          <strong>{formatMoney(row.amount, locale, row.currency)}</strong>
        </li>
      ))}
    </ul>
  );
  const shared = { w, locale, payoutWords, timeZone: earnings.timeZone, onPaid: load };
  return (
    <div className={styles.earnings}>
      <CurrencyMoney {...shared} of={earnings} held={held} account={<PayoutAccountPanel url="/api/courier/payout-account" level={3} words={payoutWords} />} />
      {earnings.currencies?.map((other) => (
        <section key={other.currency} className={styles.earnings} aria-labelledby={`earnings-${other.currency}`}>
          <h3 id={`earnings-${other.currency}`} className={styles.smallTitle}>
            {fill(w.inCurrency.title, { currency: other.currency })}
          </h3>
          <CurrencyMoney {...shared} of={other} currency={other.currency} />
        </section>
      ))}
    </div>
  );
}

type MoneyProps = {
  of: CourierMoneyJson;
  w: EarningsWords;
  locale: Locale;
  payoutWords: Words<"kitchen">["payouts"];
  timeZone: string;
  onPaid: () => void;
  /** Another currency than USD: its amounts, and its own Pay out (POST ?currency=). */
  currency?: string;
  held?: ReactNode;
  account?: ReactNode;
};

/** One currency's figures, pending, payout on its way, Pay out, and pay by day and by delivery. */
function CurrencyMoney({ of, w, locale, payoutWords, timeZone, onPaid, currency, held, account }: MoneyProps) {
  const money = (dollars: number) => formatMoney(dollars, locale, currency);
  // USD's pieces as they always were; another currency's in its own amounts.
  const other = currency ? { locale, currency } : {};
  const deliveries = of.entries.filter((entry) => entry.kind !== "payout");
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>{w.available}</dt>
          <dd data-testid={currency ? `earnings-available-${currency}` : "earnings-available"}>{money(of.available)}</dd>
        </div>
        <div>
          <dt>{w.pending}</dt>
          <dd>{money(of.pending)}</dd>
        </div>
        {of.cashOwed !== undefined && (
          <div>
            <dt>{w.cashOwed}</dt>
            <dd data-testid={currency ? `earnings-cash-${currency}` : "earnings-cash"}>{money(of.cashOwed)}</dd>
          </div>
        )}
      </dl>
      {of.cashOwed !== undefined && <p className={styles.hint}>{w.cashOwedHint}</p>}
      <PendingEarnings pending={of.pendingEarnings} level={3} promotional={of.promotional} owed={of.owed} words={payoutWords.pending} {...other} />
      {held}
      {of.inFlight && (
        <p className={styles.hint} role="status">
          {fill(w.inFlight, { reference: of.inFlight.reference, amount: money(of.inFlight.amount) })}
        </p>
      )}
      <PayoutForm
        url={currency ? `/api/courier/payouts?currency=${currency}` : "/api/courier/payouts"}
        availableCents={Math.round(of.available * 100)}
        inFlight={Boolean(of.inFlight)}
        onPaid={onPaid}
        words={payoutWords.form}
        {...other}
      />
      {account}
      <h3 className={styles.smallTitle}>{w.byDay}</h3>
      {of.days.length === 0 ? (
        <p className={styles.meta}>{w.none}</p>
      ) : (
        <ul className={styles.earningsList} aria-label={w.payByDay}>
          {of.days.map((day) => (
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
                  {fill(entry.kind === "refund" ? w.refund : entry.kind === "wait_pay" ? w.waitPay : entry.kind === "cash" ? w.cashDeducted : w.delivery, {
                    id: entry.orderId ?? "",
                    restaurant: entry.restaurantName ?? "",
                  })}{" "}
                  <time dateTime={entry.at}>{formatTime(entry.at, timeZone, locale)}</time>
                </span>
                <strong>{money(entry.amount)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
