import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/operators/action-button";
import styles from "@/components/operators/operators.module.css";
import { entryLabel, eventLabel, jobStateLabel, paymentStateLabel, stageLabel } from "@/components/operators/labels";
import { LocalTime } from "@/components/operators/local-time";
import { Badge } from "@/components/ui/badge";
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/server/platform/errors";
import { requireOperatorPage } from "@/lib/server/web/page";
import { operatorOrderDetail, type OperatorOrderDetailJson } from "@/lib/server/operators/order-detail";
import { formatCents } from "@/lib/shared/money";
import { idFromText } from "@/lib/shared/id-pattern";

export const metadata: Metadata = { title: "Order" };

/** An amount of the detail JSON (its cents over 100, as every order amount of the API) in the order's currency. */
const dollars = (amount: number, currency = "USD") => formatCents(Math.round(amount * 100), { currency });

/** One order: what needs doing, its timeline, delivery and money, and the operator's actions (refund, cancel, reassign). */
export default async function OperatorOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperatorPage();
  const id = idFromText((await params).id);
  if (id === null) notFound();
  let order: OperatorOrderDetailJson;
  try {
    order = await operatorOrderDetail(operator, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const url = `/api/admin/orders/${order.id}`;
  const target = `order #${order.id}`;
  return (
    <>
      <p className={styles.intro}>
        <Link href="/admin/orders">← Orders</Link>
      </p>
      <div className={styles.cardHead}>
        <h1>Order #{order.id}</h1>
        <Badge tone={order.status === "Canceled" ? "error" : order.status === "Completed" ? "success" : "info"}>{stageLabel(order.stage)}</Badge>
      </div>
      <p className={styles.meta}>
        {order.restaurant.id ? <Link href={`/admin/orders?restaurantId=${order.restaurant.id}`}>{order.restaurant.name}</Link> : order.restaurant.name} ·{" "}
        <Link href={`/admin/users/${order.customer.id}`}>{order.customer.name}</Link>
        {order.customer.email ? ` (${order.customer.email})` : ""} · {order.pickup ? "Pickup" : "Delivery"} · placed{" "}
        {order.submittedAt ? <LocalTime at={order.submittedAt} /> : "—"}
      </p>
      {order.attention && (
        <p className={styles.attention} data-attention>
          Needs attention: {order.attention.reason} since <LocalTime at={order.attention.since} />
        </p>
      )}
      {order.rejectionReason && <p className={styles.why}>{order.rejectionReason}</p>}
      <div className={styles.actions} aria-label="Actions">
        {order.can.refund && <ActionButton url={url} action="refund" label="Refund part" target={target} refund={{ max: order.refundable }} />}
        {order.can.cancel && <ActionButton url={url} action="cancel" label="Cancel and refund in full" target={target} danger />}
        {order.can.reassign && <ActionButton url={url} action="reassign" label="Reassign the courier" target={target} />}
      </div>
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="timeline">
          <h2 id="timeline">Timeline</h2>
          <ol className={styles.timeline}>
            {order.timeline.map((event, i) => (
              <li key={`${event.at}:${i}`}>
                <span>{eventLabel(event.stage)}</span>
                <LocalTime at={event.at} />
              </li>
            ))}
          </ol>
        </section>
        <section className={styles.card} aria-labelledby="delivery">
          <h2 id="delivery">Delivery</h2>
          {order.delivery ? (
            <dl className={styles.figures}>
              <dt>State</dt>
              <dd>{jobStateLabel(order.delivery.state)}</dd>
              <dt>Courier</dt>
              <dd>{order.delivery.courier ? <Link href={`/admin/users/${order.delivery.courier.id}`}>{order.delivery.courier.name}</Link> : "None yet"}</dd>
              <dt>Courier&apos;s pay</dt>
              <dd>{dollars(order.delivery.pay, order.currency)}</dd>
              {order.delivery.flagReason && (
                <>
                  <dt>Flagged</dt>
                  <dd>
                    {order.delivery.flagReason}
                    {order.delivery.payDecision === null ? " · pay held" : ` · pay ${order.delivery.payDecision}`} ·{" "}
                    <Link href="/admin/deliveries">Flagged deliveries</Link>
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className={styles.meta}>{order.pickup ? "A pickup order: no delivery." : "No delivery job: the restaurant delivers it, or no courier was ever sent."}</p>
          )}
        </section>
        <section className={styles.card} aria-labelledby="money">
          <h2 id="money">Payment</h2>
          <dl className={styles.figures}>
            {order.items.map((item, i) => (
              <FigureRow currency={order.currency} key={i} label={`${item.quantity} × ${item.name}`} value={item.price * item.quantity} />
            ))}
            <FigureRow currency={order.currency} label="Delivery fees" value={order.amounts.deliveryFee} />
            <FigureRow currency={order.currency} label="Service fee" value={order.amounts.serviceFee} />
            {order.amounts.tax > 0 && <FigureRow currency={order.currency} label="Tax" value={order.amounts.tax} />}
            <FigureRow currency={order.currency} label="Tip" value={order.amounts.tip} />
            {order.amounts.discount > 0 && <FigureRow currency={order.currency} label="Discount" value={-order.amounts.discount} />}
            <FigureRow
              currency={order.currency}
              label={`Total (${order.paymentMethod === "wallet" ? "wallet" : order.paymentMethod === "card" ? "card" : "not paid"})`}
              value={order.amounts.total}
              strong
            />
            <FigureRow currency={order.currency} label="Left to refund" value={order.refundable} strong />
          </dl>
          {order.payments.map((p) => (
            <p key={p.id} className={styles.meta}>
              {p.card}: {paymentStateLabel(p.state)} · {dollars(p.amount, order.currency)} authorized, {dollars(p.captured, order.currency)} captured,{" "}
              {dollars(p.refunded, order.currency)} refunded
            </p>
          ))}
        </section>
        <section className={styles.card} aria-labelledby="ledger">
          <h2 id="ledger">Ledger</h2>
          {order.ledger.length === 0 ? (
            <p className={styles.meta}>Nothing posted: the order&apos;s money has not come in.</p>
          ) : (
            <ul className={styles.timeline}>
              {order.ledger.map((entry) => (
                <li key={entry.id} data-entry={entry.kind}>
                  <strong>
                    {entryLabel(entry.kind)} #{entry.id}
                  </strong>
                  <LocalTime at={entry.at} />
                  <span className={styles.meta}>
                    {entry.lines.map((line) => `${line.account} ${line.amount > 0 ? "+" : ""}${dollars(line.amount, order.currency)}`).join(" · ")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function FigureRow({ label, value, strong, currency }: { label: string; value: number; strong?: boolean; currency: string }) {
  return (
    <>
      <dt>{strong ? <strong>{label}</strong> : label}</dt>
      <dd>{strong ? <strong>{dollars(value, currency)}</strong> : dollars(value, currency)}</dd>
    </>
  );
}
