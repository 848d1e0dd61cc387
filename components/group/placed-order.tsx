"use client";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { STAGE_HEADLINES, stageOf, type LiveOrderFields } from "@/lib/shared/order-stages";
import { useGroup } from "./group-context";
import styles from "./group.module.css";

/** After checkout: who placed it, where the order stands (polled), each person's subtotal; everyone who took part can open the order (the others read-only). */
export function PlacedOrder() {
  const { group } = useGroup();
  const order = group.order;
  const stage = order ? stageOf(order as typeof order & LiveOrderFields) : null;
  const people =
    order?.group?.participants ?? group.participants.filter((person) => person.lineCount > 0).map((person) => ({ name: person.displayName, subtotal: person.subtotal }));
  return (
    <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="placed-title">
      <h2 id="placed-title" className={styles.cardTitle}>
        Order placed by {group.host.name}
      </h2>
      <p role="status" className={styles.stage} data-testid="group-order-stage">
        {stage ? STAGE_HEADLINES[stage] : "Placed"}
      </p>
      <ul className={styles.subtotals} aria-label="Each person's subtotal">
        {people.map((person, index) => (
          <li key={`${person.name}-${index}`}>
            <span>{person.name}</span>
            <span>{formatMoney(person.subtotal)}</span>
          </li>
        ))}
      </ul>
      {order && (
        <p className={styles.personTotal}>
          <span>Total paid by {group.host.name}</span>
          <span>{formatMoney(order.totalCost)}</span>
        </p>
      )}
      {order && (
        <Link href={`/orders/${order.id}`} className={buttonClass()}>
          Follow the order
        </Link>
      )}
    </section>
  );
}
