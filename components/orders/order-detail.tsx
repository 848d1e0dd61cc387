import { PRICE_LABELS } from "@/lib/shared/delivery-pricing";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import { DROPOFF_LABELS } from "@/lib/shared/constants";
import { formatDate, formatDateTime } from "@/lib/shared/format-date";
import { formatCents } from "@/lib/shared/money";
import { TIP_RAISE_WINDOW_MS } from "@/lib/shared/tip-raise";
import type { OrderDetail } from "@/lib/server/orders/read";
import { lateEstimate } from "@/lib/shared/arrival";
import { OrderAddressFact } from "@/components/addresses/order-address";
import type { DeliveryCopy } from "@/lib/server/addresses/order-copy";
import { LineChoices } from "./line-choices";
import { DishLabels } from "@/components/menu/dish-labels";
import { LazyOrderPayment, LazyOrderProblems, LazyRaiseTip, LazyRateCourier } from "./order-after-load";
import type { CourierRatingPanel } from "@/lib/server/courier-ratings/order-panel";
import { LiveOrder, type LiveOrderJson } from "./live-order";
import styles from "./order-detail.module.css";

/** An amount of the order's JSON (its cents over 100, as every amount of the API) in the order's currency: USD as formatMoney prints it. */
const moneyIn = (amount: number, currency: string) => (currency === "USD" ? formatMoney(amount) : formatCents(Math.round(amount * 100), { currency }));

const DELIVERY_LABELS: Record<string, string> = {
  // The window above is the order's one estimate (lib/shared/arrival.ts): no second range here.
  standard: "Standard delivery",
  priority: "Priority delivery",
  schedule: "Scheduled delivery",
  pickup: "Pickup at the restaurant",
};
const PAYMENT_LABELS: Record<string, string> = { card: "Credit card", wallet: "Wallet credits" };

/**
 * An order on its own page: where it stands, live (components/orders/live-order.tsx), and the
 * receipt: lines, fees, tip, total and payment (a group order's: each person's subtotal too, the
 * reader's marked when they took part without placing it), then each refund the ledger gave back
 * on it ("Refunded", a cancel's or a problem report's) between what was charged and the net.
 */
export function OrderDetailView({
  detail,
  mapTileUrl = null,
  deliveryTo = null,
  courierRating = null,
}: {
  detail: OrderDetail;
  mapTileUrl?: string | null;
  deliveryTo?: DeliveryCopy | null;
  courierRating?: CourierRatingPanel | null;
}) {
  const { order, arrival, refunds } = detail;
  // An order change's refund is already off the total (docs/architecture/order-changes.md): listed, not taken off again.
  const takenOff = refunds.filter((refund) => !refund.change);
  const refundedCents = takenOff.reduce((sum, refund) => sum + Math.round(refund.amount * 100), 0);
  const pickup = order.deliveryOption === "pickup";
  // Read by a participant of the group who did not place it: their share is marked.
  const member = order.group?.member ?? null;
  // The tip may be raised for an hour after delivery: the customer who placed it, a delivery.
  const deliveredAt = order.stage === "delivered" && !pickup && !member ? order.timeline.find((event) => event.stage === "delivered")?.at : undefined;
  const tipUntil =
    deliveredAt && Date.parse(deliveredAt) + TIP_RAISE_WINDOW_MS > detail.renderedAt ? new Date(Date.parse(deliveredAt) + TIP_RAISE_WINDOW_MS).toISOString() : null;
  return (
    <LiveOrder
      initial={order as LiveOrderJson}
      placedAt={detail.submittedAt ?? order.createdAt}
      arrival={arrival}
      timeZone={detail.timeZone}
      late={detail.late}
      renderedAt={detail.renderedAt}
      lateWindow={
        detail.late
          ? lateEstimate({ stage: order.stage, pickup, estimatedReadyAt: order.estimatedReadyAt, delivery: (order as LiveOrderJson).delivery ?? null }, detail.renderedAt)
              .window
          : null
      }
      deliverTo={detail.deliverTo}
      mapTileUrl={mapTileUrl}
      facts={
        <dl className={styles.facts}>
          <div>
            <dt>
              <IconGlyph name={pickup ? "bag" : order.deliveryOption === "schedule" ? "calendar" : "scooter"} size={18} /> {pickup ? "Pickup" : "Delivery"}
            </dt>
            <dd>
              {order.deliveryOption ? (DELIVERY_LABELS[order.deliveryOption] ?? order.deliveryOption) : "Not chosen yet"}
              {order.scheduledFor && <> · {formatDateTime(order.scheduledFor, detail.timeZone)}</>}
            </dd>
          </div>
          {!pickup && <OrderAddressFact copy={deliveryTo} />}
          {!pickup && order.dropoff === "leave_at_door" && (
            <div>
              <dt>
                <IconGlyph name="pin" size={18} /> At the door
              </dt>
              <dd>{DROPOFF_LABELS.leave_at_door}</dd>
            </div>
          )}
          <div>
            <dt>
              <IconGlyph name={order.paymentMethod === "wallet" ? "wallet" : "creditCard"} size={18} /> Payment
            </dt>
            <dd>
              {member ? `Paid by ${order.group!.hostName}` : order.paymentMethod ? (PAYMENT_LABELS[order.paymentMethod] ?? order.paymentMethod) : "Not paid yet"}
              {!member && order.paymentMethod === "card" && <LazyOrderPayment orderId={order.id} />}
            </dd>
          </div>
        </dl>
      }
      receipt={
        <>
          <section className={`${styles.card} ${styles.receipt}`} aria-labelledby="receipt-title">
            <div className={styles.receiptHead}>
              <h2 id="receipt-title" className={styles.receiptTitle}>
                Receipt
              </h2>
              {/* The itemised receipt with its PDF: the customer who placed it (docs/architecture/receipts.md). */}
              {!member && order.stage !== null && (
                <Link href={`/orders/${order.id}/receipt`} className={styles.receiptLink} aria-label={`Receipt and PDF for order #${order.id}`}>
                  <IconGlyph name="receipt" size={16} /> Receipt &amp; PDF
                </Link>
              )}
            </div>
            <ul className={styles.lines} aria-label="Items">
              {order.orderItems.map((line) => (
                <li key={line.id} className={styles.line}>
                  <span className={styles.qty}>{line.quantity} ×</span>
                  <span className={styles.lineName}>
                    {line.name}
                    {line.addedBy && <span className={styles.each}>Added by {line.addedBy}</span>}
                    <LineChoices options={line.options} instructions={line.instructions} />
                    {/* The labels its chosen options leave (pepperoni: not vegetarian), as the menu now declares them. */}
                    {line.dietLabels && line.allergens && <DishLabels item={{ dietLabels: line.dietLabels, allergens: line.allergens, mayContain: [] }} />}
                    <span className={styles.each}>{moneyIn(line.unitPrice, order.currency)} each</span>
                  </span>
                  <span className={styles.money}>{formatCents(Math.round(line.unitPrice * 100) * line.quantity, { currency: order.currency })}</span>
                </li>
              ))}
            </ul>
            {order.group && (
              <section aria-labelledby="group-receipt-title" className={styles.groupReceipt}>
                <h3 id="group-receipt-title" className={styles.groupReceiptTitle}>
                  Group order placed by {order.group.hostName}
                </h3>
                <dl className={styles.breakdown}>
                  {order.group.participants.map((person, index) => (
                    <Row
                      currency={order.currency}
                      key={`${person.name}-${index}`}
                      label={person.name === member?.name ? `${person.name} (your share)` : person.name}
                      dollars={person.subtotal}
                    />
                  ))}
                </dl>
              </section>
            )}
            <dl className={styles.breakdown}>
              <Row currency={order.currency} label="Subtotal" dollars={order.subtotal} />
              {!pickup && <Row currency={order.currency} label={PRICE_LABELS.deliveryFee(order.deliveryKm ?? null)} dollars={order.deliveryFee} />}
              {order.freeDelivery > 0 && <Row currency={order.currency} label={PRICE_LABELS.freeDelivery} dollars={-order.freeDelivery} />}
              {order.smallOrderFee > 0 && <Row currency={order.currency} label={PRICE_LABELS.smallOrderFee} dollars={order.smallOrderFee} />}
              {order.priorityFee > 0 && <Row currency={order.currency} label="Priority delivery" dollars={order.priorityFee} />}
              {order.tax > 0 ? (
                <>
                  {/* Sales tax: the spec's "Tax and fees", itemised beneath. */}
                  <Row currency={order.currency} label="Tax and fees" dollars={(Math.round(order.serviceFee * 100) + Math.round(order.tax * 100)) / 100} />
                  <Row currency={order.currency} label="Service fee (10%)" dollars={order.serviceFee} part />
                  <Row
                    currency={order.currency}
                    label={`Sales tax${order.taxRate !== null ? ` (${order.taxRate}%)` : ""}`}
                    note={order.taxJurisdiction ?? undefined}
                    dollars={order.tax}
                    part
                  />
                </>
              ) : (
                <Row currency={order.currency} label="Tax and fees" dollars={order.serviceFee} />
              )}
              <Row currency={order.currency} label={pickup ? "Staff tip" : "Tip"} dollars={order.tip} />
              {order.discount > 0 && (
                <Row
                  currency={order.currency}
                  label={`Promotion${order.promotion ? ` (${order.promotion.code ?? order.promotion.label})` : ""}`}
                  dollars={-order.discount}
                />
              )}
              <Row currency={order.currency} label="Total" dollars={order.totalCost} total={!takenOff.length} />
              {/* Money given back after the total was charged: what was charged, each refund, and the net, under their own
                  rule, so a refund does not read as a second deduction from the total. */}
              {takenOff.length > 0 && <Row currency={order.currency} label="Charged" note={PAYMENT_LABELS[order.paymentMethod ?? ""]} dollars={order.totalCost} settle />}
              {refunds.map((refund, index) => (
                <Row
                  currency={order.currency}
                  key={index}
                  label={refund.label}
                  note={`${formatDate(refund.at)}${refund.change ? " · off the total" : ""}`}
                  dollars={-refund.amount}
                />
              ))}
              {takenOff.length > 0 && <Row currency={order.currency} label="Net" dollars={Math.max(0, Math.round(order.totalCost * 100) - refundedCents) / 100} total />}
            </dl>
            {tipUntil && (
              <LazyRaiseTip
                orderId={order.id}
                tipCents={Math.round(order.tip * 100)}
                until={tipUntil}
                timeZone={detail.timeZone}
                now={detail.renderedAt}
                byCard={order.paymentMethod === "card"}
              />
            )}
          </section>
          {/* Rating the courier for 24 hours after delivery. */}
          {courierRating && (
            <LazyRateCourier orderId={order.id} initial={courierRating.rating} until={courierRating.until} timeZone={detail.timeZone} now={detail.renderedAt} />
          )}
          {/* "Something wrong with your order?": shown once delivered (docs/architecture/problem-reports.md). */}
          {order.status === "Completed" && !member && <LazyOrderProblems orderId={order.id} pickup={order.deliveryOption === "pickup"} />}
        </>
      }
    />
  );
}

function Row({
  label,
  note,
  dollars,
  total,
  part,
  settle,
  currency,
}: {
  label: string;
  note?: string;
  dollars: number;
  total?: boolean;
  part?: boolean;
  settle?: boolean;
  /** The order's (lib/shared/currency.ts). */
  currency: string;
}) {
  return (
    <div className={`${styles.row} ${total ? styles.total : ""} ${part ? styles.part : ""} ${settle ? styles.settle : ""}`}>
      <dt>
        {label}
        {note && <span className={styles.each}>{note}</span>}
      </dt>
      <dd className={styles.money}>{moneyIn(dollars, currency)}</dd>
    </div>
  );
}
