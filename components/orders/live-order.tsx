"use client";
import Link from "@/components/ui/link";
import { Suspense, useCallback, useState, type ReactNode } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { IconGlyph } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import type { ArrivalWindow, LateFacts } from "@/lib/shared/delivery/arrival";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { formatDateTime, formatTime } from "@/lib/shared/time/format-date";
import { ENDED_STAGES, kitchenAddedText, stageOf } from "@/lib/shared/orders/order-stages";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { DropoffPhoto, EndReason, HELD, headline, type LiveFlowWords } from "./live-order-parts";
import { OrderStatusBadge } from "./order-status-badge";
import { Timeline } from "./order-timeline";
import { RestaurantThumb } from "./restaurant-thumb";
import { useLiveOrder, type LiveOrderJson } from "./use-live-order";
import styles from "./order-detail.module.css";

export type { LiveOrderJson };

// Only a delivery order with a job shows it (docs/architecture/couriers.md): its own chunk, the map another.
const DeliveryTracking = lazyComponent(() => import("./delivery-tracking").then((m) => ({ default: m.DeliveryTracking })));
// "Running late" once the window passes: its own chunk (its clock), rendered by the server too.
const RunningLate = lazyComponent(() => import("./running-late").then((m) => ({ default: m.RunningLate })));
// The thread with the courier (docs/architecture/stops-and-messages.md "Messages"): its own chunk, once a courier holds the job.
const MessageThread = lazyComponent(() => import("@/components/messages/message-thread").then((m) => ({ default: m.MessageThread })));
// A dish the kitchen marked unavailable after accepting: the prompt and the settled changes.
const OrderChanges = lazyComponent(() => import("./order-changes").then((m) => ({ default: m.OrderChanges })));
const CancelOrderDialog = lazyComponent(() => import("./cancel-order-dialog").then((m) => ({ default: m.CancelOrderDialog })));

type LiveOrderProps = {
  initial: LiveOrderJson;
  placedAt: string;
  arrival: ArrivalWindow | null;
  /** The restaurant's time zone: the times are stated in it. */
  timeZone?: string;
  /** The window had passed when the server rendered the page. */
  late?: boolean;
  facts: ReactNode;
  receipt: ReactNode;
  /** The deployment's map tiles (config().mapTileUrl), else the map is a sketch. */
  mapTileUrl?: string | null;
  /** When the server rendered the page (ms): the late estimate's first clock. */
  renderedAt?: number;
  /** Late when rendered: the new window the server counted then (lib/shared/delivery/late-estimate.ts lateEstimate), until RunningLate's clock takes over. */
  lateWindow?: ArrivalWindow | null;
  /** Where it is going (the delivery job's address, else the customer's), for whoever placed it. */
  deliverTo?: string | null;
  /** The catalogue's order namespace (orderflow.orders: the changes' and the cancel dialog's; lines: the thread's closed reasons, what the kitchen added) and the times' and amounts' language, from the server. */
  words: Words<"order">;
  locale: Locale;
  flow: LiveFlowWords;
};

/**
 * An order's own page, live: where it stands (a timeline of its steps with their times), when it
 * should arrive, the restaurant's reason and the refund when it ended, Cancel while the
 * restaurant has not accepted it yet (for whoever placed it: a group order's other participants
 * follow it read-only), and the courier's photo once they left it at the door. It re-reads the
 * order after every (re)connect of the order's event stream and after every event (the delivered
 * event's re-read brings the photo); what does not change (delivery, payment, the receipt) is
 * rendered by the server.
 */
export function LiveOrder({
  initial,
  placedAt,
  arrival,
  timeZone,
  late: lateAtRender = false,
  facts,
  receipt,
  mapTileUrl = null,
  renderedAt = 0,
  lateWindow: lateAtRenderWindow = null,
  deliverTo = null,
  words,
  locale,
  flow,
}: LiveOrderProps) {
  const { order, setOrder, refetch, livePosition, messageWake } = useLiveOrder(initial);
  // The window has passed (RunningLate's clock): the passed window is no longer shown.
  const [lateNow, setLateNow] = useState(lateAtRender);
  // Late, the page's one window (RunningLate's, from the order's facts at its clock): every card states it.
  const [lateWindow, setLateWindow] = useState(lateAtRenderWindow);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancelLoaded = useOpenedOnce(confirmCancel);
  const stage = stageOf(order);
  const pickup = order.deliveryOption === "pickup";
  const scheduled = order.deliveryOption === "schedule" || (pickup && Boolean(order.scheduledFor));

  // The order's one estimate (lib/shared/delivery/arrival.ts): the server's, or the first render's until
  // then. Once the courier carries it, DeliveryTracking follows the streamed positions with it.
  const eta =
    order.estimatedArrivalFrom && order.estimatedArrivalTo
      ? { from: order.estimatedArrivalFrom, to: order.estimatedArrivalTo, scheduled: scheduled && order.delivery?.state !== "picked_up" }
      : order === initial
        ? arrival
        : null;
  const open = stage !== null && !ENDED_STAGES.includes(stage) && stage !== "delivered";
  const lateFacts: LateFacts = { stage, pickup, estimatedReadyAt: order.estimatedReadyAt, delivery: order.delivery ?? null };
  const onLate = useCallback((late: boolean, window: ArrivalWindow | null) => {
    setLateNow(late);
    setLateWindow(late ? window : null);
  }, []);
  // A group order's participant reads it (group.member): the host paid, and only the host cancels.
  const member = Boolean(order.group?.member);
  // An ended order's payment went back where it came from: the wallet or the card (a cash order's was never taken).
  const refunded = !member && order.status === "Canceled" && order.paymentMethod !== null && order.paymentMethod !== "cash";

  return (
    <div className="container">
      <Link href="/orders" className={styles.back}>
        <IconGlyph name="chevronLeft" size={18} />
        {words.allOrders}
      </Link>
      <PageHeader
        title={fill(words.title, { id: order.id })}
        subtitle={
          <>
            {words.from} {order.restaurantId ? <Link href={`/restaurants/${order.restaurantId}`}>{order.restaurant.name}</Link> : order.restaurant.name}
            {" · "}
            <time dateTime={placedAt}>{formatDateTime(placedAt, timeZone, locale)}</time>
          </>
        }
        actions={<OrderStatusBadge status={order.status} stage={order.stage} deliveryOption={order.deliveryOption} words={words} />}
      />
      <div className={styles.layout}>
        <section className={`${styles.card} ${styles.status}`} aria-labelledby="order-status-title">
          <div className={styles.statusHead}>
            <RestaurantThumb src={order.restaurant.storeImage} size={64} />
            <div>
              <h2 id="order-status-title" className={styles.statusTitle}>
                {headline(order.status, stage, scheduled, order.deliveryOption, words)}
              </h2>
              {/* Once the courier carries it, the courier's own window (DeliveryTracking) replaces this one; late, RunningLate's new one. */}
              {open && eta && !lateNow && order.delivery?.state !== "picked_up" && (
                <p className={styles.arrival}>
                  <span className={styles.label}>{pickup ? words.readyForPickup : eta.scheduled ? words.arriving : words.estimatedArrival}</span>{" "}
                  <strong>
                    {eta.scheduled
                      ? `${formatDateTime(eta.from, timeZone, locale)} – ${formatTime(eta.to, timeZone, locale)}`
                      : `${formatTime(eta.from, timeZone, locale)} – ${formatTime(eta.to, timeZone, locale)}`}
                  </strong>
                </p>
              )}
              {stage === "accepted" && order.estimatedReadyAt && !lateNow && (
                <p className={styles.arrival}>
                  <span className={styles.label}>{words.readyBy}</span> <strong>{formatTime(order.estimatedReadyAt, timeZone, locale)}</strong>
                </p>
              )}
              {/* Why the window is where it is: the kitchen's time, busy minutes included, or what it just added. */}
              {open && !lateNow && stage === "accepted" && order.prepMinutes !== null && (
                <p className={styles.why}>
                  {order.prepAddedMinutes ? kitchenAddedText(order.prepAddedMinutes, flow.kitchenAdded) : fill(words.kitchenNeeds, { minutes: order.prepMinutes })}
                </p>
              )}
              {open && eta && (
                <Suspense fallback={null}>
                  <RunningLate
                    window={eta}
                    lateAtRender={lateAtRender}
                    pickup={pickup}
                    facts={lateFacts}
                    livePosition={livePosition?.point ?? null}
                    timeZone={timeZone}
                    renderedAt={renderedAt}
                    onLate={onLate}
                    words={{ ...words.late, why: flow.lateWhy }}
                    locale={locale}
                    offers={
                      member
                        ? null
                        : {
                            orderId: order.id,
                            courierName: order.courier && order.delivery && HELD.includes(order.delivery.state) ? order.courier.firstName : null,
                            onCancel: stage === "accepted" ? () => setConfirmCancel(true) : null,
                          }
                    }
                  />
                </Suspense>
              )}
              {!pickup && deliverTo && open && (
                <p className={styles.arrival}>
                  <span className={styles.label}>{words.deliveringTo}</span> {deliverTo}
                </p>
              )}
              {order.rejectionReason && <EndReason label={stage === "expired" ? words.why : words.restaurantSays} order={order} words={flow.storedTexts} />}
              {refunded && (
                <p className={styles.refund}>
                  <IconGlyph name="check" size={16} />{" "}
                  {fill(order.paymentMethod === "wallet" ? words.refundedWallet : words.refundedCard, { amount: formatMoney(order.totalCost, locale, order.currency) })}
                </p>
              )}
            </div>
          </div>
          {!member && stage !== null && stage !== "placed" && (
            <Suspense fallback={null}>
              <OrderChanges orderId={order.id} wake={order} words={flow.changes} locale={locale} currency={order.currency} dialog={flow.dialog} />
            </Suspense>
          )}
          {!pickup && order.delivery && (
            <Suspense fallback={null}>
              <DeliveryTracking
                courier={order.courier}
                delivery={order.delivery}
                livePosition={livePosition}
                eta={lateNow && lateWindow ? lateWindow : eta}
                late={lateNow && lateWindow !== null}
                tileUrl={mapTileUrl}
                timeZone={timeZone}
                reread={refetch}
                words={words.tracking}
                locale={locale}
                reasons={flow.storedTexts}
                mapWords={flow.map}
              />
            </Suspense>
          )}
          {!pickup && !member && order.delivery && order.delivery.state !== "unassigned" && order.delivery.state !== "offered" && (
            <div id="courier-messages">
              <Suspense fallback={null}>
                <MessageThread
                  url={`/api/orders/${order.id}/messages`}
                  wake={`${messageWake}-${order.delivery.state}`}
                  otherName={order.courier?.firstName ?? words.yourCourier}
                  timeZone={timeZone}
                  lang={{ words: words.thread, locale, closed: flow.threadClosed }}
                  calls="courier"
                />
              </Suspense>
            </div>
          )}
          {stage && <Timeline order={order} stage={stage} timeZone={timeZone} words={words} locale={locale} />}
          {facts}
          {stage === "placed" && order.status === "Submitted" && !member && (
            <div className={styles.cancelRow}>
              <p className={styles.label}>{words.canCancel}</p>
              <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setConfirmCancel(true)}>
                {words.cancel}
              </button>
            </div>
          )}
        </section>
        {/* The courier's photo of a left-at-the-door order, from the order as last read: it
            appears with the delivered event's re-read, no reload; shown until the problem-report window closes. */}
        {order.dropoffPhotoUrl && <DropoffPhoto src={order.dropoffPhotoUrl} words={words} />}
        {receipt}
      </div>
      {cancelLoaded && (
        <Suspense fallback={null}>
          <CancelOrderDialog
            order={order}
            open={confirmCancel}
            onClose={() => {
              setConfirmCancel(false);
              void refetch().catch(() => undefined);
            }}
            onCanceled={(canceled) => {
              setConfirmCancel(false);
              setOrder({ ...order, ...canceled });
              void refetch().catch(() => undefined);
            }}
            lang={{ words: flow.cancel, locale }}
          />
        </Suspense>
      )}
    </div>
  );
}
