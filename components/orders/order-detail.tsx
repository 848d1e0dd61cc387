import { formatMoney } from "@/components/ui/format";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import { TIP_RAISE_WINDOW_MS } from "@/lib/shared/money/tip-raise";
import type { OrderDetail } from "@/lib/server/orders/read";
import { lateEstimate, type LateWords } from "@/lib/shared/delivery/late-estimate";
import type { MapWords } from "@/components/map/delivery-map";
import type { DeliveryCopy } from "@/lib/server/addresses/order-copy";
import type { LabelWords } from "@/components/menu/dish-labels";
import { LazyOrderProblems, LazyRateCourier } from "./order-after-load";
import { OrderFacts } from "./order-facts";
import { OrderReceipt } from "./order-receipt";
import type { CourierRatingPanel } from "@/lib/server/courier-ratings/order-panel";
import { LiveOrder, type LiveOrderJson } from "./live-order";
import type { Locale } from "@/lib/i18n/locale";
import type { DialogWords, Words } from "@/lib/i18n/words";
import type { ReasonWords } from "@/lib/shared/words/stored-texts";

/** The order page's words of the catalogue's orderflow. */
export type OrderFlowWords = Pick<Words<"orderflow">, "orders" | "cards" | "problems"> & {
  threadClosed: Words<"lines">["messages"];
  kitchenAdded?: string;
  lateWhy: LateWords;
  /** The delivery map's words (the catalogue's courier.map and courier.units). */
  map: MapWords;
  /** The lines' diet and allergen labels (the catalogue's allergens). */
  labels: LabelWords;
  /** An order change's choices dialog's words (the catalogue's dish). */
  dialog: DialogWords;
  /** The rejection reasons' words (the catalogue's server.storedTexts.choices). */
  storedTexts?: ReasonWords;
};

/** An amount of the order's JSON (major units of the order's currency) in that currency and the reader's language. */
const moneyIn = (amount: number, currency: string, locale: Locale) =>
  currency === "USD" ? formatMoney(amount, locale) : formatCents(centsOfAmount(amount, currency), { currency, locale });

/**
 * An order on its own page: where it stands, live (components/orders/live-order.tsx), its facts
 * (order-facts.tsx), its receipt (order-receipt.tsx), then rating the courier and reporting a
 * problem. `words` (the catalogue's order namespace) and `locale`: the request's language, from the page.
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
  const { order, arrival } = detail;
  const money = (dollars: number) => moneyIn(dollars, order.currency, locale);
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
          ? lateEstimate(
              { stage: order.stage, pickup, estimatedReadyAt: order.estimatedReadyAt, delivery: (order as LiveOrderJson).delivery ?? null },
              detail.renderedAt,
              flow.lateWhy,
            ).window
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
        map: flow.map,
        dialog: flow.dialog,
        storedTexts: flow.storedTexts,
      }}
      facts={<OrderFacts order={order} timeZone={detail.timeZone} deliveryTo={deliveryTo} words={words.facts} paymentWords={flow.orders.payment} locale={locale} />}
      receipt={
        <>
          <OrderReceipt
            detail={detail}
            money={money}
            tipUntil={tipUntil}
            words={words}
            flow={{ labels: flow.labels, raiseTip: flow.orders.raiseTip, cards: flow.cards }}
            locale={locale}
          />
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
