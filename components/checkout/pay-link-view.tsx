"use client";
import { useState } from "react";
import { CardForm } from "./card-form";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/lib/client/api";
import type { PayLinkView as View } from "@/lib/server/payments/pay-link";
import { formatTimeOrDay } from "@/lib/shared/format-date";
import { formatCents } from "@/lib/shared/money";
import styles from "@/components/deliveries/tracking-view.module.css";
import payment from "./payment.module.css";

const money = (dollars: number) => formatCents(Math.round(dollars * 100));

/**
 * A phone order's payment page (docs/architecture/phone-orders.md "Paid by a link"): the restaurant,
 * the dishes and the total (never the customer's name, phone or address), and the card form; paid
 * once, it says so.
 */
export function PayLinkView({ token, initial, renderedAt }: { token: string; initial: View; renderedAt: number }) {
  const [paid, setPaid] = useState<string | null>(initial.paid ? "" : null);
  const submit = async (card: string) => {
    const answer = await api<{ card: string }>(`/api/pay/${encodeURIComponent(token)}`, { method: "POST", body: { card } });
    setPaid(answer.card);
  };
  return (
    <div className="container">
      <PageHeader title={`Pay ${initial.restaurant}`} subtitle={`Your phone order · ${money(initial.total)}`} />
      <div className={styles.body}>
        <section className={styles.card} aria-labelledby="pay-order">
          <h2 id="pay-order" className={styles.stepsTitle}>
            Your order
          </h2>
          <ul className={styles.steps}>
            {initial.items.map((item, index) => (
              <li key={index} className={styles.step}>
                <span>
                  {item.quantity} × {item.name}
                  {item.options.length > 0 && ` (${item.options.join(", ")})`}
                </span>
                <span className={payment.amount}>{money(item.total)}</span>
              </li>
            ))}
            <li className={styles.step}>
              <strong>Total (fees and tax included)</strong>
              <strong className={payment.amount} data-testid="pay-total">
                {money(initial.total)}
              </strong>
            </li>
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="pay-card">
          <h2 id="pay-card" className={styles.stepsTitle}>
            {paid !== null ? "Paid" : "Pay by card"}
          </h2>
          {paid !== null ? (
            <p role="status" data-testid="pay-done">
              Thank you! {money(initial.total)} was paid{paid ? ` with ${paid}` : ""}. {initial.restaurant} has your order.
            </p>
          ) : (
            <>
              <p className={styles.note}>This link works until {formatTimeOrDay(initial.expiresAt, initial.timeZone, renderedAt)}.</p>
              <CardForm pay={{ label: `Pay ${money(initial.total)}`, submit }} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
