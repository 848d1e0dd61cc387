import { RestaurantThumb } from "@/components/orders/restaurant-thumb";
import { LineChoices } from "@/components/orders/line-choices";
import { IconGlyph } from "@/components/ui/icons";
import { DELIVERY_ESTIMATES, type DeliveryOption } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money";
import type { PriceBreakdown, Tip } from "@/lib/shared/pricing";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { isRepriced } from "./menu-changes";
import type { AppliedDiscount } from "./promo-code";
import styles from "./order-summary.module.css";

type OrderSummaryProps = {
  order: OrderJson;
  price: PriceBreakdown;
  tip: Tip;
  /** The promotion's discount, already taken off `price.totalCents`. */
  discount?: AppliedDiscount | null;
  deliveryOption: DeliveryOption;
  /** The slot of a scheduled delivery or pickup. */
  slotLabel: string | null;
  /** A pickup's estimate ("15-20 min"), once the restaurant is loaded. */
  pickupEstimate?: string | null;
};

function arrival(option: DeliveryOption, slotLabel: string | null, pickupEstimate: string | null): string {
  if (option === "pickup") return slotLabel ? `Pickup scheduled for ${slotLabel}` : `Pickup · ${pickupEstimate ? `ready in ${pickupEstimate}` : "ready soon"}`;
  if (option === "schedule") return slotLabel ? `Scheduled for ${slotLabel}` : "Choose a delivery time";
  return option === "priority" ? `Priority delivery · ${DELIVERY_ESTIMATES.priority}` : `Standard delivery · ${DELIVERY_ESTIMATES.standard}`;
}

/** The order's lines at today's prices (as submit charges them) and the breakdown from lib/shared/pricing.ts. */
export function OrderSummary({ order, price, tip, discount = null, deliveryOption, slotLabel, pickupEstimate = null }: OrderSummaryProps) {
  const pickup = deliveryOption === "pickup";
  const count = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section className={styles.card} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.title}>
        Order summary
      </h2>
      <div className={styles.restaurant}>
        <RestaurantThumb src={order.restaurant.storeImage} />
        <span>
          <span className={styles.restaurantName}>{order.restaurant.name}</span>
          <span className={styles.meta}>{count === 1 ? "1 item" : `${count} items`}</span>
        </span>
      </div>
      <ul className={styles.lines} aria-label="Items in this order">
        {order.orderItems.map((line) => (
          <li key={line.id} className={styles.line}>
            <span className={styles.qty}>{line.quantity}×</span>
            <span className={styles.lineName}>
              {line.name}
              <LineChoices options={line.options} instructions={line.instructions} />
              {line.unavailable && <span className={styles.lineNote}>No longer available</span>}
              {isRepriced(line) && (
                <span className={styles.lineNote}>
                  Price updated: {formatCents(Math.round(line.price * 100))} → {formatCents(Math.round(line.currentPrice * 100))}
                </span>
              )}
            </span>
            <span className={styles.money}>
              {line.unavailable ? <s>{formatCents(Math.round(line.price * 100) * line.quantity)}</s> : formatCents(Math.round(line.currentPrice * 100) * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.eta}>
        <IconGlyph name={pickup ? "bag" : deliveryOption === "schedule" ? "calendar" : "clock"} size={18} />
        {arrival(deliveryOption, slotLabel, pickupEstimate)}
      </p>
      <PriceRows price={price} tip={tip} pickup={pickup} discount={discount} />
    </section>
  );
}

/** The price breakdown from lib/shared/pricing.ts: subtotal, fees, tip and total (also a group order's checkout). */
export function PriceRows({ price, tip, pickup = false, discount = null }: { price: PriceBreakdown; tip: Tip; pickup?: boolean; discount?: AppliedDiscount | null }) {
  return (
    <dl className={styles.breakdown}>
      <Row label="Subtotal" cents={price.subtotalCents} />
      {!pickup && <Row label="Delivery fee" cents={price.deliveryFeeCents} />}
      {price.priorityFeeCents > 0 && <Row label="Priority delivery" cents={price.priorityFeeCents} />}
      <Row label="Tax and fees (10%)" cents={price.serviceFeeCents} />
      <Row label={`${pickup ? "Staff tip" : "Tip"}${"percent" in tip ? ` (${tip.percent}%)` : ""}`} cents={price.tipCents} />
      {discount && discount.cents > 0 && <Row label={`Promotion (${discount.code ? discount.code.toUpperCase() : discount.label})`} cents={-discount.cents} discount />}
      <Row label="Total" cents={price.totalCents} total />
    </dl>
  );
}

function Row({ label, cents, total, discount }: { label: string; cents: number; total?: boolean; discount?: boolean }) {
  return (
    <div className={`${styles.row} ${total ? styles.total : ""} ${discount ? styles.discount : ""}`}>
      <dt>{label}</dt>
      <dd className={styles.money}>{formatCents(cents)}</dd>
    </div>
  );
}
