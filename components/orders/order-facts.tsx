import { IconGlyph } from "@/components/ui/icons";
import { OrderAddressFact } from "@/components/addresses/order-address";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { OrderDetail } from "@/lib/server/orders/read";
import type { DeliveryCopy } from "@/lib/server/addresses/order-copy";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { LazyOrderPayment } from "./order-after-load";
import styles from "./order-detail.module.css";

// The order page's facts beside its live status: how it comes (delivery, pickup, a scheduled time),
// where to, left at the door, and how it was paid (a card order's payment, fixable while held).

/** How an order was paid, in the reader's words (the facts' and the receipt's "Charged" line). */
export const paymentLabels = (f: Words<"order">["facts"]): Record<string, string> => ({ card: f.card, wallet: f.wallet, cash: f.cash });

export function OrderFacts({
  order,
  timeZone,
  deliveryTo,
  words: f,
  paymentWords,
  locale,
}: {
  order: OrderDetail["order"];
  timeZone: string;
  deliveryTo: DeliveryCopy | null;
  words: Words<"order">["facts"];
  paymentWords: Words<"orderflow">["orders"]["payment"];
  locale: Locale;
}) {
  const pickup = order.deliveryOption === "pickup";
  const member = order.group?.member ?? null;
  // The window above is the order's one estimate (lib/shared/delivery/arrival.ts): no second range here.
  const deliveryLabels: Record<string, string> = { standard: f.standard, priority: f.priority, schedule: f.schedule, pickup: f.pickupAt };
  return (
    <dl className={styles.facts}>
      <div>
        <dt>
          <IconGlyph name={pickup ? "bag" : order.deliveryOption === "schedule" ? "calendar" : "scooter"} size={18} /> {pickup ? f.pickup : f.delivery}
        </dt>
        <dd>
          {order.deliveryOption ? (deliveryLabels[order.deliveryOption] ?? order.deliveryOption) : f.notChosen}
          {order.scheduledFor && <> · {formatDateTime(order.scheduledFor, timeZone, locale)}</>}
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
          {member ? fill(f.paidBy, { name: order.group!.hostName }) : order.paymentMethod ? (paymentLabels(f)[order.paymentMethod] ?? order.paymentMethod) : f.notPaid}
          {!member && order.paymentMethod === "card" && <LazyOrderPayment orderId={order.id} words={paymentWords} />}
        </dd>
      </div>
    </dl>
  );
}
