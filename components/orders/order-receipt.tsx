import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import { DishLabels, type LabelWords } from "@/components/menu/dish-labels";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import type { OrderDetail } from "@/lib/server/orders/read";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { LineChoices } from "./line-choices";
import { LazyRaiseTip } from "./order-after-load";
import { paymentLabels } from "./order-facts";
import { ReceiptBreakdown, Row } from "./receipt-breakdown";
import styles from "./order-detail.module.css";
import orderLines from "./order-lines.module.css";

// The order page's receipt: its lines (each one's choices and the labels they leave), a group
// order's shares (the reader's marked when they took part without placing it), the money
// (receipt-breakdown.tsx), its PDF for whoever placed it, and raising the tip while that is open.

export function OrderReceipt({
  detail,
  money,
  tipUntil,
  words,
  flow,
  locale,
}: {
  detail: OrderDetail;
  money: (dollars: number) => string;
  /** Until when the tip may still be raised (ISO), or null. */
  tipUntil: string | null;
  words: Words<"order">;
  /** The lines' diet and allergen labels; raising the tip's words and its card form's (the catalogue's orderflow). */
  flow: { labels: LabelWords; raiseTip: Words<"orderflow">["orders"]["raiseTip"]; cards: Words<"orderflow">["cards"] };
  locale: Locale;
}) {
  const { receipt: r } = words;
  const { order } = detail;
  const member = order.group?.member ?? null;
  return (
    <section className={`${styles.card} ${styles.receipt}`} aria-labelledby="receipt-title">
      <div className={styles.receiptHead}>
        <h2 id="receipt-title" className={styles.receiptTitle}>
          {r.title}
        </h2>
        {/* The itemised receipt with its PDF: the customer who placed it (docs/architecture/receipts.md). */}
        {!member && order.stage !== null && (
          <Link href={`/orders/${order.id}/receipt`} className={styles.receiptLink} aria-label={fill(r.pdfLabel, { id: order.id })}>
            <IconGlyph name="receipt" size={16} /> {r.pdf}
          </Link>
        )}
      </div>
      <ul className={orderLines.lines} aria-label={r.items}>
        {order.orderItems.map((line) => (
          <li key={line.id} className={orderLines.line}>
            <span className={orderLines.qty}>{line.quantity} ×</span>
            <span className={orderLines.lineName}>
              {line.name}
              {line.addedBy && <span className={styles.each}>{fill(r.addedBy, { name: line.addedBy })}</span>}
              <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: r.instructions, currency: order.currency }} />
              {/* The labels its chosen options leave (pepperoni: not vegetarian), as the menu now declares them. */}
              {line.dietLabels && line.allergens && <DishLabels item={{ dietLabels: line.dietLabels, allergens: line.allergens, mayContain: [] }} words={flow.labels} />}
              <span className={styles.each}>{fill(r.each, { amount: money(line.unitPrice) })}</span>
            </span>
            <span className={orderLines.money}>{formatCents(centsOfAmount(line.unitPrice, order.currency) * line.quantity, { locale, currency: order.currency })}</span>
          </li>
        ))}
      </ul>
      {order.group && (
        <section aria-labelledby="group-receipt-title" className={styles.groupReceipt}>
          <h3 id="group-receipt-title" className={styles.groupReceiptTitle}>
            {fill(r.groupBy, { name: order.group.hostName })}
          </h3>
          <dl className={orderLines.breakdown}>
            {order.group.participants.map((person, index) => (
              <Row
                key={`${person.name}-${index}`}
                label={person.name === member?.name ? fill(r.yourShare, { name: person.name }) : person.name}
                dollars={person.subtotal}
                money={money}
              />
            ))}
          </dl>
        </section>
      )}
      <ReceiptBreakdown detail={detail} money={money} charged={paymentLabels(words.facts)[order.paymentMethod ?? ""]} words={r} locale={locale} />
      {tipUntil && (
        <LazyRaiseTip
          orderId={order.id}
          tipCents={Math.round(order.tip * 100)}
          until={tipUntil}
          timeZone={detail.timeZone}
          now={detail.renderedAt}
          byCard={order.paymentMethod === "card"}
          lang={{ words: flow.raiseTip, cards: flow.cards, locale, currency: order.currency }}
        />
      )}
    </section>
  );
}
