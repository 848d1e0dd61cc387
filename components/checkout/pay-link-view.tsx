"use client";
import { useState } from "react";
import { CardForm } from "./card-form";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/lib/client/api";
import type { PayLinkView as View } from "@/lib/server/payments/pay-link";
import { formatTimeOrDay } from "@/lib/shared/time/format-date";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import styles from "@/components/deliveries/tracking-view.module.css";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import payment from "./payment.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/**
 * A phone order's payment page (docs/architecture/phone-orders.md "Paid by a link"): the restaurant,
 * the dishes and the total (never the customer's name, phone or address), and the card form; paid
 * once, it says so.
 */
export function PayLinkView({
  token,
  initial,
  renderedAt,
  words: w,
  cards,
  locale,
}: {
  token: string;
  initial: View;
  renderedAt: number;
  /** The catalogue's orderflow.payLink and orderflow.cards, and the amounts' language, from the server. */
  words: Words<"orderflow">["payLink"];
  cards: Words<"orderflow">["cards"];
  locale: Locale;
}) {
  const money = (amount: number) => formatCents(centsOfAmount(amount, initial.currency), { locale, currency: initial.currency });
  const [paid, setPaid] = useState<string | null>(initial.paid ? "" : null);
  const submit = async (card: string) => {
    const answer = await api<{ card: string }>(`/api/pay/${encodeURIComponent(token)}`, { method: "POST", body: { card } });
    setPaid(answer.card);
  };
  return (
    <div className="container">
      <PageHeader title={fill(w.title, { restaurant: initial.restaurant })} subtitle={fill(w.subtitle, { total: money(initial.total) })} />
      <div className={styles.body}>
        <TitledSection id="pay-order" title={w.yourOrder} className={styles.card} titleClassName={styles.stepsTitle}>
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
            {initial.delivery && (
              <li className={styles.step} data-testid="pay-delivery">
                <span>{initial.delivery.by === "restaurant" ? fill(w.byRestaurant, { restaurant: initial.restaurant }) : w.byCourier}</span>
                <span className={payment.amount}>{money(initial.delivery.fee)}</span>
              </li>
            )}
            <li className={styles.step}>
              <strong>{w.total}</strong>
              <strong className={payment.amount} data-testid="pay-total">
                {money(initial.total)}
              </strong>
            </li>
          </ul>
        </TitledSection>
        <TitledSection id="pay-card" title={paid !== null ? w.paid : w.payByCard} className={styles.card} titleClassName={styles.stepsTitle}>
          {paid !== null ? (
            <p role="status" data-testid="pay-done">
              {fill(paid ? w.thanksWith : w.thanks, { total: money(initial.total), card: paid ?? "", restaurant: initial.restaurant })}
            </p>
          ) : (
            <>
              <p className={styles.note}>{fill(w.until, { time: formatTimeOrDay(initial.expiresAt, initial.timeZone, renderedAt, locale) })}</p>
              <CardForm pay={{ label: fill(w.pay, { total: money(initial.total) }), submit }} words={cards} />
            </>
          )}
        </TitledSection>
      </div>
    </div>
  );
}
