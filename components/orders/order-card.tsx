import Link from "@/components/ui/link";
import { IconGlyph } from "@/components/ui/icons";
import { formatMoney } from "@/components/ui/format";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { openStageLabel } from "./open-stage-label";
import { LineChoices } from "./line-choices";
import { OrderActions } from "./order-actions";
import { OrderStatusBadge } from "./order-status-badge";
import { RestaurantThumb } from "./restaurant-thumb";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { SignupWords } from "@/components/auth/signup-modal";
import { fill } from "@/lib/shared/words/fill";
import type { StatusWords } from "./open-stage-label";
import type { CancelWords } from "./cancel-order-dialog";
import styles from "./orders.module.css";

/** The list's words in the page's language (the catalogue's orders, and order's stage names), and its amounts' and times'. */
export type OrdersWords = { words: Words<"orders">; stages: StatusWords; locale: Locale; signup: SignupWords; cancel: CancelWords };

/**
 * One order on /orders: restaurant, date, status, lines, total and what can be done with it. A
 * group order someone else placed (group.member) shows the reader's own lines and share, and no
 * actions: it is the host's to cancel, reorder or rate.
 */
export function OrderCard({
  order,
  onChange,
  justPlaced: placedHere = false,
  lang,
}: {
  order: OrderJson;
  onChange: (order: OrderJson) => void;
  justPlaced?: boolean;
  lang: OrdersWords;
}) {
  const { words: w, stages, locale } = lang;
  const money = (dollars: number) => formatMoney(dollars, locale, order.currency);
  const titleId = `order-${order.id}-title`;
  // "Just placed" while it waits for the restaurant: once accepted (or ended) its stage says more.
  const justPlaced = placedHere && order.stage === "placed";
  const active = order.status === "Active";
  const stage = openStageLabel(order.stage, order.deliveryOption, stages);
  const member = order.group?.member ?? null;
  const lines = member ? order.orderItems.filter((line) => line.addedBy === member.name) : order.orderItems;
  return (
    <article className={`${styles.card} ${justPlaced ? styles.justPlaced : ""}`} aria-labelledby={titleId} data-just-placed={justPlaced || undefined}>
      {justPlaced && <p className={styles.justPlacedTag}>{w.justPlaced}</p>}
      <header className={styles.cardHead}>
        <RestaurantThumb src={order.restaurant.storeImage} size={56} />
        <div className={styles.headText}>
          <h2 id={titleId} className={styles.restaurant}>
            <span className="sr-only">{fill(w.orderFrom, { id: order.id })}</span>
            {order.restaurantId ? <Link href={`/restaurants/${order.restaurantId}`}>{order.restaurant.name}</Link> : order.restaurant.name}
          </h2>
          <p className={styles.meta}>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, undefined, locale)}</time>
            {order.deliveryOption === "pickup" && (
              <>
                <span aria-hidden="true"> · </span>
                <span className={styles.pickupTag}>
                  <IconGlyph name="bag" size={14} /> {w.pickup}
                </span>
              </>
            )}
            {order.group && (
              <>
                <span aria-hidden="true"> · </span>
                <span className={styles.pickupTag}>
                  <IconGlyph name="user" size={14} /> {member ? fill(w.groupBy, { name: order.group.hostName }) : w.group}
                </span>
              </>
            )}
            <span aria-hidden="true"> · </span>
            <Link href={`/orders/${order.id}`} className={styles.detailLink}>
              {fill(w.details, { id: order.id })}
            </Link>
          </p>
        </div>
        <span className={styles.badge}>
          <OrderStatusBadge status={order.status} stage={order.stage} deliveryOption={order.deliveryOption} words={stages} />
        </span>
      </header>
      {stage && (
        // An order on its way: its stage, and its live page in one tap.
        <Link href={`/orders/${order.id}`} className={styles.track}>
          <span className={styles.trackStage}>{stage}</span>
          <span className={styles.trackAction}>
            {w.track} <IconGlyph name="chevronRight" size={16} />
          </span>
        </Link>
      )}
      <ul className={styles.lines} aria-label={w.items}>
        {lines.map((line) => (
          <li key={line.id}>
            <span className={styles.qty}>{line.quantity} ×</span>{" "}
            <span className={styles.lineText}>
              {line.name}
              <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: w.instructions, currency: order.currency }} />
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.cardFoot}>
        <div className={styles.totals}>
          {member ? (
            <p className={styles.total}>
              {w.yourShare} <strong>{money(member.subtotal)}</strong>
              <span className={styles.paidWith}>{fill(w.paidBy, { name: order.group!.hostName })}</span>
            </p>
          ) : (
            <p className={styles.total}>
              {active ? w.subtotal : w.total} <strong>{money(active ? order.subtotal : order.totalCost)}</strong>
              {!active && order.paymentMethod && (
                <span className={styles.paidWith}>{order.paymentMethod === "wallet" ? w.paidWallet : order.paymentMethod === "cash" ? w.paidCash : w.paidCard}</span>
              )}
            </p>
          )}
          {order.scheduledFor && order.status === "Submitted" && (
            <p className={styles.note}>
              <IconGlyph name="calendar" size={16} /> {order.deliveryOption === "pickup" ? w.pickupScheduled : w.scheduledFor}{" "}
              {formatDateTime(order.scheduledFor, undefined, locale)}
            </p>
          )}
          {!member && order.status === "Canceled" && order.paymentMethod && order.paymentMethod !== "cash" && (
            <p className={styles.refund}>
              <IconGlyph name="check" size={16} /> {fill(order.paymentMethod === "wallet" ? w.refundedWallet : w.refundedCard, { amount: money(order.totalCost) })}
            </p>
          )}
        </div>
        {!member && <OrderActions order={order} onChange={onChange} words={w.actions} signup={lang.signup} cancel={{ words: lang.cancel, locale }} />}
      </div>
    </article>
  );
}
