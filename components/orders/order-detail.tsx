import Link from "next/link";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { DELIVERY_ESTIMATES } from "@/lib/constants";
import { formatCents } from "@/lib/money";
import type { OrderDetail } from "@/lib/server/orders/read";
import { formatDateTime, formatTime } from "@/lib/format-date";
import { OrderStatusBadge } from "./order-status-badge";
import { RestaurantThumb } from "./restaurant-thumb";
import styles from "./order-detail.module.css";

const DELIVERY_LABELS: Record<string, string> = {
  standard: `Standard delivery · ${DELIVERY_ESTIMATES.standard}`,
  priority: `Priority delivery · ${DELIVERY_ESTIMATES.priority}`,
  schedule: "Scheduled delivery",
};
const PAYMENT_LABELS: Record<string, string> = { card: "Credit card", wallet: "Wallet credits" };

/**
 * An order on its own page: where it stands and when it should arrive (the left column, where
 * the live stages go), and the receipt: lines, fees, tip, total and payment.
 */
export function OrderDetailView({ detail }: { detail: OrderDetail }) {
  const { order, arrival } = detail;
  const placedAt = detail.submittedAt ?? order.createdAt;
  return (
    <div className="container">
      <Link href="/orders" className={styles.back}>
        <IconGlyph name="chevronLeft" size={18} />
        All orders
      </Link>
      <PageHeader
        title={`Order #${order.id}`}
        subtitle={
          <>
            From {order.restaurantId ? <Link href={`/restaurants/${order.restaurantId}`}>{order.restaurant.name}</Link> : order.restaurant.name}
            {" · "}
            <time dateTime={placedAt}>{formatDateTime(placedAt)}</time>
          </>
        }
        actions={<OrderStatusBadge status={order.status} />}
      />
      <div className={styles.layout}>
        <section className={`${styles.card} ${styles.status}`} aria-labelledby="order-status-title">
          <div className={styles.statusHead}>
            <RestaurantThumb src={order.restaurant.storeImage} size={64} />
            <div>
              <h2 id="order-status-title" className={styles.statusTitle}>
                {statusTitle(order.status, arrival?.scheduled ?? false)}
              </h2>
              {arrival && (
                <p className={styles.arrival}>
                  <span className={styles.label}>{arrival.scheduled ? "Arriving" : "Estimated arrival"}</span>{" "}
                  <strong>
                    {arrival.scheduled ? `${formatDateTime(arrival.from)} – ${formatTime(arrival.to)}` : `${formatTime(arrival.from)} – ${formatTime(arrival.to)}`}
                  </strong>
                </p>
              )}
              {order.status === "Canceled" && order.paymentMethod === "wallet" && (
                <p className={styles.refund}>
                  <IconGlyph name="check" size={16} /> {formatMoney(order.totalCost)} refunded to your wallet
                </p>
              )}
            </div>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>
                <IconGlyph name={order.deliveryOption === "schedule" ? "calendar" : "scooter"} size={18} /> Delivery
              </dt>
              <dd>
                {order.deliveryOption ? DELIVERY_LABELS[order.deliveryOption] ?? order.deliveryOption : "Not chosen yet"}
                {order.scheduledFor && <> · {formatDateTime(order.scheduledFor)}</>}
              </dd>
            </div>
            <div>
              <dt>
                <IconGlyph name={order.paymentMethod === "wallet" ? "wallet" : "creditCard"} size={18} /> Payment
              </dt>
              <dd>{order.paymentMethod ? PAYMENT_LABELS[order.paymentMethod] ?? order.paymentMethod : "Not paid yet"}</dd>
            </div>
          </dl>
        </section>

        <section className={`${styles.card} ${styles.receipt}`} aria-labelledby="receipt-title">
          <h2 id="receipt-title" className={styles.receiptTitle}>
            Receipt
          </h2>
          <ul className={styles.lines} aria-label="Items">
            {order.orderItems.map((line) => (
              <li key={line.id} className={styles.line}>
                <span className={styles.qty}>{line.quantity} ×</span>
                <span className={styles.lineName}>
                  {line.name}
                  <span className={styles.each}>{formatMoney(line.price)} each</span>
                </span>
                <span className={styles.money}>{formatCents(Math.round(line.price * 100) * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className={styles.breakdown}>
            <Row label="Subtotal" dollars={order.subtotal} />
            <Row label="Delivery fee" dollars={order.deliveryFee} />
            {order.priorityFee > 0 && <Row label="Priority delivery" dollars={order.priorityFee} />}
            <Row label="Tax and fees" dollars={order.serviceFee} />
            <Row label="Tip" dollars={order.tip} />
            <Row label="Total" dollars={order.totalCost} total />
          </dl>
        </section>
      </div>
    </div>
  );
}

function statusTitle(status: string, scheduled: boolean): string {
  switch (status) {
    case "Submitted":
      return scheduled ? "Your order is scheduled" : "Your food is on its way";
    case "Completed":
      return "Delivered";
    case "Canceled":
      return "This order was canceled";
    default:
      return "This order is still at checkout";
  }
}

function Row({ label, dollars, total }: { label: string; dollars: number; total?: boolean }) {
  return (
    <div className={`${styles.row} ${total ? styles.total : ""}`}>
      <dt>{label}</dt>
      <dd className={styles.money}>{formatMoney(dollars)}</dd>
    </div>
  );
}
