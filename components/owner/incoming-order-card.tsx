"use client";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { formatShortDateTime } from "@/lib/format-date";
import type { IncomingOrderJson } from "@/lib/server/orders/to-json";
import styles from "./owner.module.css";

function deliveryLine(order: IncomingOrderJson): string {
  if (order.deliveryOption === "schedule" && order.scheduledFor) return `Scheduled for ${formatShortDateTime(order.scheduledFor)}`;
  return order.deliveryOption === "priority" ? "Priority delivery" : "Standard delivery";
}

type CardProps = { order: IncomingOrderJson; busy: boolean; onComplete: () => void; onCancel: () => void };

export function IncomingOrderCard({ order, busy, onComplete, onCancel }: CardProps) {
  return (
    <li className={styles.order} aria-busy={busy || undefined}>
      <div className={styles.orderHead}>
        <h2 className={styles.orderTitle}>
          Order #{order.id} <span className={styles.orderFor}>for {order.customer.firstName}</span>
        </h2>
        <p className={styles.meta}>
          <time dateTime={order.createdAt}>{formatShortDateTime(order.createdAt)}</time> <span aria-hidden="true">·</span>{" "}
          {deliveryLine(order)} <span aria-hidden="true">·</span> {order.paymentMethod === "wallet" ? "Paid by wallet" : "Paid by card"}
        </p>
      </div>
      <ul className={styles.lines} aria-label={`Items of order ${order.id}`}>
        {order.orderItems.map((line) => (
          <li key={line.id}>
            <span className={styles.qty}>{line.quantity} ×</span> {line.name}
            {line.customizations && <span className={styles.meta}> ({line.customizations})</span>}
          </li>
        ))}
      </ul>
      <div className={styles.orderFoot}>
        <p className={styles.total}>
          Total <strong>{formatMoney(order.totalCost)}</strong>
        </p>
        <div className={styles.cardActions}>
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={onCancel} disabled={busy}>
            Cancel<span className="sr-only"> order {order.id}</span>
          </button>
          <button type="button" className={buttonClass({ size: "small" })} onClick={onComplete} disabled={busy}>
            Complete<span className="sr-only"> order {order.id}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
