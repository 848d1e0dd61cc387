"use client";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { stageOf, type LiveOrderFields } from "@/lib/shared/orders/order-stages";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useGroup } from "./group-context";

/** Its words (the catalogue's orderflow.group.placed, and order.headline for where the order stands). */
export type PlacedWords = Words<"orderflow">["group"]["placed"] & { headline: Words<"order">["headline"] };
import styles from "./group.module.css";

/** After checkout: who placed it, where the order stands (polled), each person's subtotal; everyone who took part can open the order (the others read-only). */
export function PlacedOrder({ words: w, locale, currency }: { words: PlacedWords; locale: Locale; currency?: string }) {
  const { group } = useGroup();
  const order = group.order;
  const stage = order ? stageOf(order as typeof order & LiveOrderFields) : null;
  const people =
    order?.group?.participants ?? group.participants.filter((person) => person.lineCount > 0).map((person) => ({ name: person.displayName, subtotal: person.subtotal }));
  return (
    <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="placed-title">
      <h2 id="placed-title" className={styles.cardTitle}>
        {fill(w.title, { host: group.host.name })}
      </h2>
      <p role="status" className={styles.stage} data-testid="group-order-stage">
        {stage ? w.headline[stage] : w.placed}
      </p>
      <ul className={styles.subtotals} aria-label={w.subtotals}>
        {people.map((person, index) => (
          <li key={`${person.name}-${index}`}>
            <span>{person.name}</span>
            <span>{formatMoney(person.subtotal, locale, currency)}</span>
          </li>
        ))}
      </ul>
      {order && (
        <p className={styles.personTotal}>
          <span>{fill(w.totalPaid, { host: group.host.name })}</span>
          <span>{formatMoney(order.totalCost, locale, currency)}</span>
        </p>
      )}
      {order && (
        <Link href={`/orders/${order.id}`} className={buttonClass()}>
          {w.follow}
        </Link>
      )}
    </section>
  );
}
