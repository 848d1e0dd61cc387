import { RestaurantThumb } from "@/components/orders/restaurant-thumb";
import { LineChoices } from "@/components/orders/line-choices";
import { IconGlyph } from "@/components/ui/icons";
import type { DeliveryOption } from "@/lib/shared/constants";
import { deliveryEstimateText } from "@/lib/shared/delivery/delivery-estimate";
import { formatCents } from "@/lib/shared/money/money";
import { decimalText, formatRate } from "@/lib/shared/money/tax";
import type { PriceBreakdown, Tip } from "@/lib/shared/money/pricing";
import type { FullPrice } from "@/lib/shared/money/delivery-pricing";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { serviceFeeNote } from "./checkout-price";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { isRepriced } from "./menu-changes";
import type { AppliedDiscount } from "./promo-code";
import styles from "./order-summary.module.css";
import orderLines from "@/components/orders/order-lines.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/** A price as the summary shows it: delivery pricing's parts where checkout has them (a group's checkout has the spec's). */
export type ShownPrice = PriceBreakdown & Partial<Pick<FullPrice, "smallOrderFeeCents" | "deliveryWaivedCents" | "distanceKm">> & { memberSavedCents?: number };

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
  /** The minutes the restaurant's kitchen adds while busy: the one estimate (lib/shared/delivery/delivery-estimate.ts). */
  busyExtraMinutes?: number;
  /** A paused restaurant's minutes until it reopens (the estimate counts them). */
  pausedMinutes?: number;
  /** The ranges quoted to the delivery address, once known (delivery-options.tsx says the same). */
  quoted?: { standard: string; priority: string } | null;
  /** The catalogue's checkout words and the amounts' language, from the server (checkout page). */
  words: Words<"checkout">;
  locale: Locale;
};

function arrival(
  w: Words<"checkout">["summary"],
  option: DeliveryOption,
  slotLabel: string | null,
  pickupEstimate: string | null,
  busyExtraMinutes: number,
  pausedMinutes: number,
  quoted: { standard: string; priority: string } | null,
): string {
  if (option === "pickup")
    return slotLabel ? fill(w.pickupScheduled, { slot: slotLabel }) : pickupEstimate ? fill(w.pickupReadyIn, { time: pickupEstimate }) : w.pickupSoon;
  if (option === "schedule") return slotLabel ? fill(w.scheduledFor, { slot: slotLabel }) : w.chooseTime;
  return option === "priority"
    ? fill(w.priority, { time: quoted?.priority ?? deliveryEstimateText({ busyExtraMinutes, pausedMinutes }, "priority") })
    : fill(w.standard, { time: quoted?.standard ?? deliveryEstimateText({ busyExtraMinutes, pausedMinutes }, "standard") });
}

/** The order's lines at today's prices (as submit charges them) and the breakdown from lib/shared/money/pricing.ts. */
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
  words,
  locale,
}: OrderSummaryProps) {
  const w = words.summary;
  // The order's currency (its restaurant's market's).
  const currency = order.currency;
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const pickup = deliveryOption === "pickup";
  const count = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <TitledSection id="summary-heading" title={w.title} className={styles.card} titleClassName={styles.title}>
      <div className={styles.restaurant}>
        <RestaurantThumb src={order.restaurant.storeImage} />
        <span>
          <span className={styles.restaurantName}>{order.restaurant.name}</span>
          <span className={styles.meta}>{count === 1 ? w.itemOne : fill(w.itemMany, { count })}</span>
        </span>
      </div>
      <ul className={orderLines.lines} aria-label={w.items}>
        {order.orderItems.map((line) => (
          <li key={line.id} className={orderLines.line}>
            <span className={orderLines.qty}>{line.quantity}×</span>
            <span className={orderLines.lineName}>
              {line.name}
              <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: w.instructions, currency }} />
              {line.unavailable && <span className={styles.lineNote}>{w.unavailable}</span>}
              {isRepriced(line) && (
                <span className={styles.lineNote}>{fill(w.repriced, { from: money(Math.round(line.price * 100)), to: money(Math.round(line.currentPrice * 100)) })}</span>
              )}
            </span>
            <span className={orderLines.money}>
              {line.unavailable ? <s>{money(Math.round(line.price * 100) * line.quantity)}</s> : money(Math.round(line.currentPrice * 100) * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.eta}>
        <IconGlyph name={pickup ? "bag" : deliveryOption === "schedule" ? "calendar" : "clock"} size={18} />
        {arrival(w, deliveryOption, slotLabel, pickupEstimate, busyExtraMinutes, pausedMinutes, quoted)}
      </p>
      <PriceRows price={price} tip={tip} pickup={pickup} discount={discount} tax={tax} words={words.price} locale={locale} currency={currency} />
    </TitledSection>
  );
}

/** An order's sales tax: its amount and rate (lib/shared/money/tax.ts). */
export type SalesTax = { cents: number; rateMilliPercent: number };

/**
 * The price breakdown from lib/shared/money/pricing.ts: subtotal, fees, tip and total (also a group order's checkout).
 * With sales tax, the spec's "Tax and fees" row holds the service fee and the tax, itemised beneath it.
 */
export function PriceRows({
  price,
  tip,
  pickup = false,
  discount = null,
  tax = null,
  words: w,
  locale,
  currency,
}: {
  price: ShownPrice;
  tip: Tip;
  pickup?: boolean;
  discount?: AppliedDiscount | null;
  tax?: SalesTax | null;
  /** The catalogue's checkout.price in the page's language, from the server; `locale` the amounts'. */
  words: Words<"checkout">["price"];
  locale: Locale;
  /** The order's currency; USD's when absent. */
  currency?: string;
}) {
  const rate10 = serviceFeeNote(price) ? w.rate10 : "";
  const tipLabel = pickup ? w.staffTip : w.tip;
  return (
    <dl className={orderLines.breakdown}>
      <Row locale={locale} currency={currency} label={w.subtotal} cents={price.subtotalCents} />
      {!pickup && (
        <Row
          locale={locale}
          currency={currency}
          label={price.distanceKm == null ? w.deliveryFee : fill(w.deliveryFeeKm, { km: decimalText(price.distanceKm, locale) })}
          cents={price.deliveryFeeCents}
        />
      )}
      {!pickup && (price.deliveryWaivedCents ?? 0) > 0 && <Row locale={locale} currency={currency} label={w.freeDelivery} cents={-price.deliveryWaivedCents!} discount />}
      {(price.memberSavedCents ?? 0) > 0 && (
        <div className={`${orderLines.row} ${orderLines.discount}`} data-testid="member-saving">
          <dt>{w.member}</dt>
          <dd>{fill(w.memberSaves, { amount: formatCents(price.memberSavedCents!, { locale, currency }) })}</dd>
        </div>
      )}
      {price.priorityFeeCents > 0 && <Row locale={locale} currency={currency} label={w.priorityDelivery} cents={price.priorityFeeCents} />}
      {(price.smallOrderFeeCents ?? 0) > 0 && <Row locale={locale} currency={currency} label={w.smallOrderFee} cents={price.smallOrderFeeCents!} />}
      {tax ? (
        <>
          <Row locale={locale} currency={currency} label={w.taxAndFees} cents={price.serviceFeeCents + tax.cents} />
          <Row locale={locale} currency={currency} label={w.serviceFee + rate10} cents={price.serviceFeeCents} part />
          <Row locale={locale} currency={currency} label={fill(w.salesTax, { rate: formatRate(tax.rateMilliPercent, locale) })} cents={tax.cents} part />
        </>
      ) : (
        <Row locale={locale} currency={currency} label={w.taxAndFees + rate10} cents={price.serviceFeeCents} />
      )}
      <Row locale={locale} currency={currency} label={"percent" in tip ? fill(w.tipPercent, { tip: tipLabel, percent: tip.percent }) : tipLabel} cents={price.tipCents} />
      {discount && discount.cents > 0 && (
        <Row
          locale={locale}
          currency={currency}
          label={fill(w.promotion, { code: discount.code ? discount.code.toUpperCase() : discount.label })}
          cents={-discount.cents}
          discount
        />
      )}
      <Row locale={locale} currency={currency} label={w.total} cents={price.totalCents} total />
    </dl>
  );
}

type RowProps = { label: string; cents: number; total?: boolean; discount?: boolean; part?: boolean; locale: Locale; currency?: string };

function Row({ label, cents, total, discount, part, locale, currency }: RowProps) {
  return (
    <div className={`${orderLines.row} ${total ? orderLines.total : ""} ${discount ? orderLines.discount : ""} ${part ? orderLines.part : ""}`}>
      <dt>{label}</dt>
      <dd className={orderLines.money}>{formatCents(cents, { locale, currency })}</dd>
    </div>
  );
}
