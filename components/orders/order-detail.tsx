import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import { formatDate, formatDateTime } from "@/lib/shared/time/format-date";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { TIP_RAISE_WINDOW_MS } from "@/lib/shared/money/tip-raise";
import type { OrderDetail } from "@/lib/server/orders/read";
import { lateEstimate, type LateWords } from "@/lib/shared/delivery/late-estimate";
import { OrderAddressFact } from "@/components/addresses/order-address";
import type { DeliveryCopy } from "@/lib/server/addresses/order-copy";
import { LineChoices } from "./line-choices";
import { DishLabels, type LabelWords } from "@/components/menu/dish-labels";
import { LazyOrderPayment, LazyOrderProblems, LazyRaiseTip, LazyRateCourier } from "./order-after-load";
import type { CourierRatingPanel } from "@/lib/server/courier-ratings/order-panel";
import { LiveOrder, type LiveOrderJson } from "./live-order";
import type { Locale } from "@/lib/i18n/locale";
import type { DialogWords, Words } from "@/lib/i18n/words";
import type { ReasonWords } from "@/lib/shared/words/stored-texts";
import { fill } from "@/lib/shared/words/fill";
import { decimalText } from "@/lib/shared/money/tax";
import styles from "./order-detail.module.css";

/** The order page's words of the catalogue's orderflow. */
export type OrderFlowWords = Pick<Words<"orderflow">, "orders" | "cards" | "problems"> & {
  threadClosed: Words<"lines">["messages"];
  kitchenAdded?: string;
  lateWhy?: LateWords;
  /** The lines' diet and allergen labels (the catalogue's allergens). */
  labels?: LabelWords;
  /** An order change's choices dialog's words (the catalogue's dish). */
  dialog: DialogWords;
  /** The rejection reasons' words (the catalogue's server.storedTexts.choices). */
  storedTexts?: ReasonWords;
};

/** An amount of the order's JSON (major units of the order's currency) in that currency and the reader's language. */
const moneyIn = (amount: number, currency: string, locale: Locale) =>
  currency === "USD" ? formatMoney(amount, locale) : formatCents(centsOfAmount(amount, currency), { currency, locale });

/**
 * An order on its own page: where it stands, live (components/orders/live-order.tsx), and the
 * receipt: lines, fees, tip, total and payment (a group order's: each person's subtotal too, the
 * reader's marked when they took part without placing it), then each refund the ledger gave back
 * on it ("Refunded", a cancel's or a problem report's) between what was charged and the net.
 * `words` (the catalogue's order namespace) and `locale`: the request's language, from the page.
 */
export function OrderDetailView({
  detail,
  mapTileUrl = null,
  deliveryTo = null,
  courierRating = null,
  words,
  locale,
  flow,
}: {
  detail: OrderDetail;
  mapTileUrl?: string | null;
  deliveryTo?: DeliveryCopy | null;
  courierRating?: CourierRatingPanel | null;
  words: Words<"order">;
  locale: Locale;
  /** The catalogue's orderflow (its order-page parts: changes, cancel, payment, tip, rating, problems, cards). */
  flow: OrderFlowWords;
}) {
  const { facts: f, receipt: r } = words;
  // The window above is the order's one estimate (lib/shared/delivery/arrival.ts): no second range here.
  const deliveryLabels: Record<string, string> = { standard: f.standard, priority: f.priority, schedule: f.schedule, pickup: f.pickupAt };
  const paymentLabels: Record<string, string> = { card: f.card, wallet: f.wallet, cash: f.cash };
  const money = (dollars: number) => moneyIn(dollars, order.currency, locale);
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
      words={words}
      locale={locale}
      flow={{
        ...flow.orders,
        threadClosed: flow.threadClosed,
        kitchenAdded: flow.kitchenAdded,
        lateWhy: flow.lateWhy,
        dialog: flow.dialog,
        storedTexts: flow.storedTexts,
      }}
      facts={
        <dl className={styles.facts}>
          <div>
            <dt>
              <IconGlyph name={pickup ? "bag" : order.deliveryOption === "schedule" ? "calendar" : "scooter"} size={18} /> {pickup ? f.pickup : f.delivery}
            </dt>
            <dd>
              {order.deliveryOption ? (deliveryLabels[order.deliveryOption] ?? order.deliveryOption) : f.notChosen}
              {order.scheduledFor && <> · {formatDateTime(order.scheduledFor, detail.timeZone, locale)}</>}
            </dd>
          </div>
          {!pickup && <OrderAddressFact copy={deliveryTo} />}
          {!pickup && order.dropoff === "leave_at_door" && (
            <div>
              <dt>
                <IconGlyph name="pin" size={18} /> {f.atDoor}
              </dt>
              <dd>{f.leaveAtDoor}</dd>
            </div>
          )}
          <div>
            <dt>
              <IconGlyph name={order.paymentMethod === "wallet" ? "wallet" : "creditCard"} size={18} /> {f.payment}
            </dt>
            <dd>
              {member ? fill(f.paidBy, { name: order.group!.hostName }) : order.paymentMethod ? (paymentLabels[order.paymentMethod] ?? order.paymentMethod) : f.notPaid}
              {!member && order.paymentMethod === "card" && <LazyOrderPayment orderId={order.id} words={flow.orders.payment} />}
            </dd>
          </div>
        </dl>
      }
      receipt={
        <>
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
            <ul className={styles.lines} aria-label={r.items}>
              {order.orderItems.map((line) => (
                <li key={line.id} className={styles.line}>
                  <span className={styles.qty}>{line.quantity} ×</span>
                  <span className={styles.lineName}>
                    {line.name}
                    {line.addedBy && <span className={styles.each}>{fill(r.addedBy, { name: line.addedBy })}</span>}
                    <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: r.instructions, currency: order.currency }} />
                    {/* The labels its chosen options leave (pepperoni: not vegetarian), as the menu now declares them. */}
                    {line.dietLabels && line.allergens && (
                      <DishLabels item={{ dietLabels: line.dietLabels, allergens: line.allergens, mayContain: [] }} words={flow.labels} />
                    )}
                    <span className={styles.each}>{fill(r.each, { amount: money(line.unitPrice) })}</span>
                  </span>
                  <span className={styles.money}>{formatCents(centsOfAmount(line.unitPrice, order.currency) * line.quantity, { locale, currency: order.currency })}</span>
                </li>
              ))}
            </ul>
            {order.group && (
              <section aria-labelledby="group-receipt-title" className={styles.groupReceipt}>
                <h3 id="group-receipt-title" className={styles.groupReceiptTitle}>
                  {fill(r.groupBy, { name: order.group.hostName })}
                </h3>
                <dl className={styles.breakdown}>
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
            <dl className={styles.breakdown}>
              <Row money={money} label={r.subtotal} dollars={order.subtotal} />
              {!pickup && (
                <Row money={money} label={order.deliveryKm == null ? r.deliveryFee : fill(r.deliveryFeeKm, { km: order.deliveryKm })} dollars={order.deliveryFee} />
              )}
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
              {takenOff.length > 0 && <Row money={money} label={r.charged} note={paymentLabels[order.paymentMethod ?? ""]} dollars={order.totalCost} settle />}
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
            {tipUntil && (
              <LazyRaiseTip
                orderId={order.id}
                tipCents={Math.round(order.tip * 100)}
                until={tipUntil}
                timeZone={detail.timeZone}
                now={detail.renderedAt}
                byCard={order.paymentMethod === "card"}
                lang={{ words: flow.orders.raiseTip, cards: flow.cards, locale, currency: order.currency }}
              />
            )}
          </section>
          {/* Rating the courier for 24 hours after delivery. */}
          {courierRating && (
            <LazyRateCourier
              orderId={order.id}
              initial={courierRating.rating}
              until={courierRating.until}
              timeZone={detail.timeZone}
              now={detail.renderedAt}
              words={flow.orders.rate}
              locale={locale}
            />
          )}
          {/* "Something wrong with your order?": shown once delivered (docs/architecture/problem-reports.md). */}
          {order.status === "Completed" && !member && (
            <LazyOrderProblems orderId={order.id} pickup={order.deliveryOption === "pickup"} words={flow.problems} locale={locale} />
          )}
        </>
      }
    />
  );
}

type RowProps = { label: string; note?: string; dollars: number; total?: boolean; part?: boolean; settle?: boolean; money: (dollars: number) => string };
function Row({ label, note, dollars, total, part, settle, money }: RowProps) {
  return (
    <div className={`${styles.row} ${total ? styles.total : ""} ${part ? styles.part : ""} ${settle ? styles.settle : ""}`}>
      <dt>
        {label}
        {note && <span className={styles.each}>{note}</span>}
      </dt>
      <dd className={styles.money}>{money(dollars)}</dd>
    </div>
  );
}
