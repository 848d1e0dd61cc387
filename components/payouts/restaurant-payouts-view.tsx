import type { ReactNode } from "react";
import type { PayoutEntryJson, RestaurantPayoutsJson } from "@/lib/server/payouts/restaurant";
import { formatCents } from "@/lib/shared/money";
import { PayoutForm } from "./payout-form";
import { PayoutScheduleForm } from "./payout-schedule-form";
import { PendingEarnings } from "./pending-earnings";
import styles from "./payouts.module.css";

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (dollars: number) => formatCents(cents(dollars));

/** Entries by day, newest day first; each day's net. */
function byDay(entries: PayoutEntryJson[]): { day: string; net: number; entries: PayoutEntryJson[] }[] {
  const days = new Map<string, PayoutEntryJson[]>();
  for (const entry of entries) days.set(entry.day, [...(days.get(entry.day) ?? []), entry]);
  return [...days].sort(([a], [b]) => (a < b ? 1 : -1)).map(([day, list]) => ({ day, net: list.reduce((sum, entry) => sum + cents(entry.net), 0) / 100, entries: list }));
}

const LABEL: Record<PayoutEntryJson["kind"], string> = {
  order: "Order",
  refund: "Refund",
  payout: "Payout",
  dispute: "Dispute",
  wait_pay: "Courier wait",
  delivery_fee: "Delivery fee",
  door_payment: "Paid at the door",
};

/**
 * The owner's payouts page: available and pending, Pay out, the weekly schedule, the payouts, the
 * entries by day (gross, commission with the order's rate, discounts, net): a table on a wide
 * screen, a card per entry on a phone (payouts.module.css, CSS alone).
 */
export function RestaurantPayoutsView({
  restaurantId,
  payouts,
  range,
  timeZone,
}: {
  restaurantId: number;
  payouts: RestaurantPayoutsJson;
  range: ReactNode;
  timeZone?: string;
}) {
  const days = byDay(payouts.entries);
  return (
    <>
      <dl className={styles.summary}>
        <div className={styles.tile}>
          <dt>Available</dt>
          <dd data-testid="payouts-available">{money(payouts.available)}</dd>
        </div>
        <div className={styles.tile}>
          <dt>Pending (orders not yet delivered or still open to reports)</dt>
          <dd data-testid="payouts-pending">{money(payouts.pending)}</dd>
        </div>
        {payouts.inFlight && (
          <div className={styles.tile}>
            <dt>On its way ({payouts.inFlight.reference})</dt>
            <dd>{money(payouts.inFlight.amount)}</dd>
          </div>
        )}
      </dl>
      <PendingEarnings pending={payouts.pendingEarnings} timeZone={timeZone} promotional={payouts.promotional} owed={payouts.owed} />
      <PayoutForm
        key={`${payouts.available}:${payouts.inFlight?.id ?? ""}`}
        url={`/api/manage/${restaurantId}/payouts`}
        availableCents={cents(payouts.available)}
        inFlight={Boolean(payouts.inFlight)}
      />
      <PayoutScheduleForm
        url={`/api/manage/${restaurantId}/payouts/schedule`}
        weekday={payouts.schedule?.weekday ?? null}
        skipped={payouts.schedule?.skipped?.message ?? null}
      />
      <section className={styles.section} aria-labelledby="entries-heading">
        <h2 id="entries-heading">Entries</h2>
        {range}
        {days.length === 0 && <p className={styles.muted}>No earnings in this range yet: a delivered order adds its net here.</p>}
        {days.map((day) => (
          <div key={day.day} className={styles.day}>
            <h3 className={styles.dayTitle}>
              <span>{day.day}</span>
              <span>Net {money(day.net)}</span>
            </h3>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Entry</th>
                    <th scope="col">Gross</th>
                    <th scope="col">Commission</th>
                    <th scope="col">Discounts</th>
                    <th scope="col">Net</th>
                  </tr>
                </thead>
                <tbody>
                  {day.entries.map((entry, i) => (
                    <tr key={`${entry.at}:${i}`} data-kind={entry.kind}>
                      <td className={styles.entryName}>
                        {LABEL[entry.kind]} {entry.orderId ? `#${entry.orderId}` : (entry.reference ?? "")}
                        {entry.reason && <span className={styles.reason}>{entry.reason}</span>}
                      </td>
                      <td data-label="Gross">{entry.kind === "payout" ? null : money(entry.gross)}</td>
                      <td data-label="Commission">
                        {entry.kind === "payout" ? null : (
                          <span>
                            {money(-entry.commission)}
                            {entry.commissionRate !== null && <span className={styles.rate}>{entry.commissionRate}%</span>}
                          </span>
                        )}
                      </td>
                      <td data-label="Discounts">{entry.kind === "payout" ? null : money(-entry.discount)}</td>
                      <td data-label="Net" className={styles.net}>
                        {money(entry.net)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </section>
      {payouts.payouts.length > 0 && (
        <section className={styles.section} aria-labelledby="payouts-heading">
          <h2 id="payouts-heading">Payouts</h2>
          <ul className={styles.list}>
            {payouts.payouts.map((payout) => (
              <li key={payout.id}>
                <span>
                  {payout.reference} · {payout.createdAt.slice(0, 10)}
                </span>
                <span>
                  {money(payout.amount)} · {payout.state === "paid" ? "Paid" : payout.state === "failed" ? "Failed: back in your balance" : "On its way"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
