import { RestaurantThumb } from "@/components/orders/restaurant-thumb";
import { LineChoices } from "@/components/orders/line-choices";
import { IconGlyph } from "@/components/ui/icons";
import type { DeliveryOption } from "@/lib/shared/constants";
import { deliveryEstimateText } from "@/lib/shared/delivery-estimate";
import { formatCents } from "@/lib/shared/money";
import { formatRate } from "@/lib/shared/tax";
import type { PriceBreakdown, Tip } from "@/lib/shared/pricing";
import { PRICE_LABELS, type FullPrice } from "@/lib/shared/delivery-pricing";
import { serviceFeeNote } from "./checkout-price";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { isRepriced } from "./menu-changes";
import type { AppliedDiscount } from "./promo-code";
import styles from "./order-summary.module.css";

/** A price as the summary shows it: delivery pricing's parts where checkout has them (a group's checkout has the spec's). */
export type ShownPrice = PriceBreakdown & Partial<Pick<FullPrice, "smallOrderFeeCents" | "deliveryWaivedCents" | "distanceKm">>;

type OrderSummaryProps = {
  order: OrderJson;
  price: ShownPrice;
  tip: Tip;
  /** The promotion's discount, already taken off `price.totalCents`. */
  discount?: AppliedDiscount | null;
  /** Sales tax, already in `price.totalCents`; null where no rate applies. */
  tax?: SalesTax | null;
  deliveryOption: DeliveryOption;
  /** The slot of a scheduled delivery or pickup. */
  slotLabel: string | null;
  /** A pickup's estimate ("15-20 min"), once the restaurant is loaded. */
  pickupEstimate?: string | null;
  /** The minutes the restaurant's kitchen adds while busy: the one estimate (lib/shared/delivery-estimate.ts). */
  busyExtraMinutes?: number;
  /** A paused restaurant's minutes until it reopens (the estimate counts them). */
  pausedMinutes?: number;
  /** The ranges quoted to the delivery address, once known (delivery-options.tsx says the same). */
  quoted?: { standard: string; priority: string } | null;
};

function arrival(
  option: DeliveryOption,
  slotLabel: string | null,
  pickupEstimate: string | null,
  busyExtraMinutes: number,
  pausedMinutes: number,
  quoted: { standard: string; priority: string } | null,
): string {
  if (option === "pickup") return slotLabel ? `Pickup scheduled for ${slotLabel}` : `Pickup · ${pickupEstimate ? `ready in ${pickupEstimate}` : "ready soon"}`;
  if (option === "schedule") return slotLabel ? `Scheduled for ${slotLabel}` : "Choose a delivery time";
  return option === "priority"
    ? `Priority delivery · ${quoted?.priority ?? deliveryEstimateText({ busyExtraMinutes, pausedMinutes }, "priority")}`
    : `Standard delivery · ${quoted?.standard ?? deliveryEstimateText({ busyExtraMinutes, pausedMinutes }, "standard")}`;
}

/** The order's lines at today's prices (as submit charges them) and the breakdown from lib/shared/pricing.ts. */
export function OrderSummary({
  order,
  price,
  tip,
  discount = null,
  tax = null,
  deliveryOption,
  slotLabel,
  pickupEstimate = null,
  busyExtraMinutes = 0,
  pausedMinutes = 0,
  quoted = null,
}: OrderSummaryProps) {
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
        {arrival(deliveryOption, slotLabel, pickupEstimate, busyExtraMinutes, pausedMinutes, quoted)}
      </p>
      <PriceRows price={price} tip={tip} pickup={pickup} discount={discount} tax={tax} />
    </section>
  );
}

/** An order's sales tax: its amount and rate (lib/shared/tax.ts). */
export type SalesTax = { cents: number; rateMilliPercent: number };

/**
 * The price breakdown from lib/shared/pricing.ts: subtotal, fees, tip and total (also a group order's checkout).
 * With sales tax, the spec's "Tax and fees" row holds the service fee and the tax, itemised beneath it.
 */
export function PriceRows({
  price,
  tip,
  pickup = false,
  discount = null,
  tax = null,
}: {
  price: ShownPrice;
  tip: Tip;
  pickup?: boolean;
  discount?: AppliedDiscount | null;
  tax?: SalesTax | null;
}) {
  return (
    <dl className={styles.breakdown}>
      <Row label="Subtotal" cents={price.subtotalCents} />
      {!pickup && <Row label={PRICE_LABELS.deliveryFee(price.distanceKm ?? null)} cents={price.deliveryFeeCents} />}
      {!pickup && (price.deliveryWaivedCents ?? 0) > 0 && <Row label={PRICE_LABELS.freeDelivery} cents={-price.deliveryWaivedCents!} discount />}
      {price.priorityFeeCents > 0 && <Row label="Priority delivery" cents={price.priorityFeeCents} />}
      {(price.smallOrderFeeCents ?? 0) > 0 && <Row label={PRICE_LABELS.smallOrderFee} cents={price.smallOrderFeeCents!} />}
      {tax ? (
        <>
          <Row label="Tax and fees" cents={price.serviceFeeCents + tax.cents} />
          <Row label={`Service fee${serviceFeeNote(price)}`} cents={price.serviceFeeCents} part />
          <Row label={`Sales tax (${formatRate(tax.rateMilliPercent)})`} cents={tax.cents} part />
        </>
      ) : (
        <Row label={`Tax and fees${serviceFeeNote(price)}`} cents={price.serviceFeeCents} />
      )}
      <Row label={`${pickup ? "Staff tip" : "Tip"}${"percent" in tip ? ` (${tip.percent}%)` : ""}`} cents={price.tipCents} />
      {discount && discount.cents > 0 && <Row label={`Promotion (${discount.code ? discount.code.toUpperCase() : discount.label})`} cents={-discount.cents} discount />}
      <Row label="Total" cents={price.totalCents} total />
    </dl>
  );
}

function Row({ label, cents, total, discount, part }: { label: string; cents: number; total?: boolean; discount?: boolean; part?: boolean }) {
  return (
    <div className={`${styles.row} ${total ? styles.total : ""} ${discount ? styles.discount : ""} ${part ? styles.part : ""}`}>
      <dt>{label}</dt>
      <dd className={styles.money}>{formatCents(cents)}</dd>
    </div>
  );
}
