import { formatDate } from "@/lib/shared/time/format-date";
import type { OrderDetail } from "@/lib/server/orders/read";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { decimalText } from "@/lib/shared/money/tax";
import styles from "./order-detail.module.css";
import orderLines from "./order-lines.module.css";

// The receipt's money, under its lines: subtotal, fees, tax itemised, tip, promotion and total; then
// each refund the ledger gave back on it ("Refunded", a cancel's or a problem report's) between what
// was charged and the net. An order change's refund is already off the total (docs/architecture/order-changes.md):
// listed, not taken off again.

export function ReceiptBreakdown({
  detail,
  money,
  charged,
  words: r,
  locale,
}: {
  detail: Pick<OrderDetail, "order" | "refunds">;
  /** An amount of the order's JSON in its currency and the reader's language. */
  money: (dollars: number) => string;
  /** How it was paid, in the reader's words: the "Charged" line's note. */
  charged: string | undefined;
  words: Words<"order">["receipt"];
  locale: Locale;
}) {
  const { order, refunds } = detail;
  const takenOff = refunds.filter((refund) => !refund.change);
  const refundedCents = takenOff.reduce((sum, refund) => sum + Math.round(refund.amount * 100), 0);
  const pickup = order.deliveryOption === "pickup";
  return (
    <dl className={orderLines.breakdown}>
      <Row money={money} label={r.subtotal} dollars={order.subtotal} />
      {!pickup && <Row money={money} label={order.deliveryKm == null ? r.deliveryFee : fill(r.deliveryFeeKm, { km: order.deliveryKm })} dollars={order.deliveryFee} />}
      {order.freeDelivery > 0 && <Row money={money} label={r.freeDelivery} dollars={-order.freeDelivery} />}
      {order.smallOrderFee > 0 && <Row money={money} label={r.smallOrderFee} dollars={order.smallOrderFee} />}
      {order.priorityFee > 0 && <Row money={money} label={r.priorityDelivery} dollars={order.priorityFee} />}
      {order.tax > 0 ? (
        <>
          {/* Sales tax: the spec's "Tax and fees", itemised beneath. */}
          <Row money={money} label={r.taxAndFees} dollars={(Math.round(order.serviceFee * 100) + Math.round(order.tax * 100)) / 100} />
          <Row money={money} label={r.serviceFee} dollars={order.serviceFee} part />
          <Row
            money={money}
            label={order.taxRate !== null ? fill(r.salesTaxRate, { rate: decimalText(order.taxRate, locale) }) : r.salesTax}
            note={order.taxJurisdiction ?? undefined}
            dollars={order.tax}
            part
          />
        </>
      ) : (
        <Row money={money} label={r.taxAndFees} dollars={order.serviceFee} />
      )}
      <Row money={money} label={pickup ? r.staffTip : r.tip} dollars={order.tip} />
      {order.discount > 0 && (
        <Row
          money={money}
          label={order.promotion ? fill(r.promotionCode, { code: order.promotion.code ?? order.promotion.label }) : r.promotion}
          dollars={-order.discount}
        />
      )}
      <Row money={money} label={r.total} dollars={order.totalCost} total={!takenOff.length} />
      {/* Money given back after the total was charged: what was charged, each refund, and the net, under their own
          rule, so a refund does not read as a second deduction from the total. */}
      {takenOff.length > 0 && <Row money={money} label={r.charged} note={charged} dollars={order.totalCost} settle />}
      {refunds.map((refund, index) => (
        <Row
          money={money}
          key={index}
          label={refund.label}
          note={`${formatDate(refund.at, undefined, locale)}${refund.change ? r.offTotal : ""}`}
          dollars={-refund.amount}
        />
      ))}
      {takenOff.length > 0 && <Row money={money} label={r.net} dollars={Math.max(0, Math.round(order.totalCost * 100) - refundedCents) / 100} total />}
    </dl>
  );
}

type RowProps = { label: string; note?: string; dollars: number; total?: boolean; part?: boolean; settle?: boolean; money: (dollars: number) => string };
/** One line of the breakdown (or a group member's share): its label, a note under it, the amount. */
export function Row({ label, note, dollars, total, part, settle, money }: RowProps) {
  return (
    <div className={`${orderLines.row} ${total ? orderLines.total : ""} ${part ? orderLines.part : ""} ${settle ? orderLines.settle : ""}`}>
      <dt>
        {label}
        {note && <span className={styles.each}>{note}</span>}
      </dt>
      <dd className={orderLines.money}>{money(dollars)}</dd>
    </div>
  );
}
