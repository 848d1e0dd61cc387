import type { ReactNode } from "react";
import type { PayoutEntryJson, RestaurantPayoutsJson } from "@/lib/server/payouts/restaurant";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { PayoutForm } from "./payout-form";
import { PayoutScheduleForm } from "./payout-schedule-form";
import { PendingEarnings } from "./pending-earnings";
import styles from "./payouts.module.css";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { TitledSection } from "@/components/ui/titled-section";

/** Hundredths of an API amount, to sum them exactly (cents for USD); centsOfAmount gives its minor units. */
const cents = (dollars: number) => Math.round(dollars * 100);

/** Entries by day, newest day first; each day's net. */
function byDay(entries: PayoutEntryJson[]): { day: string; net: number; entries: PayoutEntryJson[] }[] {
  const days = new Map<string, PayoutEntryJson[]>();
  for (const entry of entries) days.set(entry.day, [...(days.get(entry.day) ?? []), entry]);
  return [...days].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, list]) => ({ day, net: list.reduce((sum, entry) => sum + cents(entry.net), 0) / 100, entries: list }));
}

/**
 * The owner's payouts page: available and pending, Pay out, the weekly schedule, the payouts, the
 * entries by day (gross, commission with the order's rate, discounts, net): a table on a wide
 * screen, a card per entry on a phone (payouts.module.css, CSS alone).
 */
export async function RestaurantPayoutsView({
  restaurantId,
  payouts,
  range,
  timeZone,
  currency,
}: {
  restaurantId: number;
  payouts: RestaurantPayoutsJson;
  range: ReactNode;
  timeZone?: string;
  /** The restaurant's market's (its ledger account's) currency; USD without. */
  currency?: string;
}) {
  const [t, words, locale] = await Promise.all([getT("kitchen"), getWords("kitchen"), requestLocale()]);
  const money = (dollars: number) => formatCents(centsOfAmount(dollars, currency ?? "USD"), { locale, currency });
  const days = byDay(payouts.entries);
  return (
    <>
      <dl className={styles.summary}>
        <div className={styles.tile}>
          <dt>{t("payouts.available")}</dt>
          <dd data-testid="payouts-available">{money(payouts.available)}</dd>
        </div>
        <div className={styles.tile}>
          <dt>{t("payouts.pendingTile")}</dt>
          <dd data-testid="payouts-pending">{money(payouts.pending)}</dd>
        </div>
        {payouts.inFlight && (
          <div className={styles.tile}>
            <dt>{t("payouts.onItsWay", { reference: payouts.inFlight.reference })}</dt>
            <dd>{money(payouts.inFlight.amount)}</dd>
          </div>
        )}
      </dl>
      <PendingEarnings
        pending={payouts.pendingEarnings}
        timeZone={timeZone}
        promotional={payouts.promotional}
        owed={payouts.owed}
        words={words.payouts.pending}
        locale={locale}
        currency={currency}
      />
      <PayoutForm
        url={`/api/manage/${restaurantId}/payouts`}
        availableCents={centsOfAmount(payouts.available, currency ?? "USD")}
        inFlight={Boolean(payouts.inFlight)}
        words={words.payouts.form}
        locale={locale}
        currency={currency}
      />
      <PayoutScheduleForm
        url={`/api/manage/${restaurantId}/payouts/schedule`}
        weekday={payouts.schedule?.weekday ?? null}
        skipped={payouts.schedule?.skipped?.message ?? null}
        words={words.payouts.schedule}
      />
      <TitledSection id="entries-heading" title={t("payouts.entries")} className={styles.section}>
        {range}
        {days.length === 0 && <p className={styles.muted}>{t("payouts.noEntries")}</p>}
        {days.map((day) => (
          <div key={day.day} className={styles.day}>
            <h3 className={styles.dayTitle}>
              <span>{day.day}</span>
              <span>{t("payouts.dayNet", { amount: money(day.net) })}</span>
            </h3>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t("payouts.entry")}</th>
                    <th scope="col">{t("payouts.gross")}</th>
                    <th scope="col">{t("payouts.commission")}</th>
                    <th scope="col">{t("payouts.discounts")}</th>
                    <th scope="col">{t("payouts.net")}</th>
                  </tr>
                </thead>
                <tbody>
                  {day.entries.map((entry, i) => (
                    <tr key={`${entry.at}:${i}`} data-kind={entry.kind}>
                      <td className={styles.entryName}>
                        {t(`payouts.kinds.${entry.kind}`)} {entry.orderId ? `#${entry.orderId}` : (entry.reference ?? "")}
                        {entry.reason && <span className={styles.reason}>{entry.reason}</span>}
                      </td>
                      <td data-label={t("payouts.gross")}>{entry.kind === "payout" ? null : money(entry.gross)}</td>
                      <td data-label={t("payouts.commission")}>
                        {entry.kind === "payout" ? null : (
                          <span>
                            {money(-entry.commission)}
                            {entry.commissionRate !== null && <span className={styles.rate}>{entry.commissionRate}%</span>}
                          </span>
                        )}
                      </td>
                      <td data-label={t("payouts.discounts")}>{entry.kind === "payout" ? null : money(-entry.discount)}</td>
                      <td data-label={t("payouts.net")} className={styles.net}>
                        {money(entry.net)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </TitledSection>
      {payouts.payouts.length > 0 && (
        <TitledSection id="payouts-heading" title={t("payouts.payouts")} className={styles.section}>
          <ul className={styles.list}>
            {payouts.payouts.map((payout) => (
              <li key={payout.id}>
                <span>
                  {payout.reference} · {payout.createdAt.slice(0, 10)}
                </span>
                <span>
                  {money(payout.amount)} · {payout.state === "paid" ? t("payouts.paid") : payout.state === "failed" ? t("payouts.failed") : t("payouts.inFlight")}
                </span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
    </>
  );
}
