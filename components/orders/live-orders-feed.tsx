"use client";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useCallback, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import { formatTime } from "@/lib/shared/time/format-date";
import { isStageEvent, stageOf, type LiveOrderFields, type OrderEventJson, type OrderStage } from "@/lib/shared/orders/order-stages";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { failureText, type FailureWords } from "@/lib/shared/words/stored-texts";
import styles from "./live-orders.module.css";

/** The banner's and the toasts' words (the catalogue's orderflow.feed), from the shop's shell. */
/** `failures`: a failed delivery's reasons' words (server.storedTexts.choices); the stream's English without. */
export type FeedWords = Words<"orderflow">["feed"] & { failures?: FailureWords };

type OpenOrder = OrderJson & LiveOrderFields;

/** The person's own rows, not their restaurants' orders (an owner's stream carries both). */
const mine = (event: OrderEventJson) => event.mine !== false;

/**
 * The events of the signed-in customer's own orders, from the page's one personal stream (GET /api/events).
 * Each step becomes a toast on whatever page is open, and the banner of open orders is re-read
 * from GET /api/orders/open after every (re)connect and every event.
 */
export function LiveOrdersFeed({ words: w, locale }: { words: FeedWords; locale: Locale }) {
  const { show } = useAlerts();
  const { refresh } = useSession();
  const pathname = usePathname();
  const [orders, setOrders] = useState<OpenOrder[]>([]);
  const [expanded, setExpanded] = useState(false);

  const load = useCallback(async () => {
    const data = await api<OpenOrder[] | { orders: OpenOrder[] }>("/api/orders/open");
    setOrders(Array.isArray(data) ? data : data.orders);
  }, []);

  const onEvent = (event: OrderEventJson) => {
    // Placing and canceling are the customer's own doing, answered where they did it; the
    // courier's steps show on the order's page, not as toasts.
    if (event.stage === "delivery_failed") {
      const reason = event.detail ? failureText({ failure: event.detail.failure, failureReason: event.detail.reason ?? null }, w.failures) : null;
      show(reason ? fill(w.failedWhy, { id: event.orderId, reason }) : fill(w.failed, { id: event.orderId }), "error");
      void refresh();
      return;
    }
    if (!isStageEvent(event) || event.stage === "placed" || event.stage === "canceled") return;
    const bad = event.stage === "rejected" || event.stage === "expired";
    const pickup = orders.some((order) => order.id === event.orderId && order.deliveryOption === "pickup");
    show(stageToast(event.orderId, event.stage, pickup, w.toast), bad ? "error" : event.stage === "delivered" ? "success" : "info");
    // A refund changes the wallet balance in the top bar.
    if (bad) void refresh();
  };
  useOrderEvents(PERSONAL_STREAM, { onSync: load, onEvent, accept: mine });

  // The order's own page shows it in full: the banner lists the others.
  const shown = orders.filter((order) => pathname !== `/orders/${order.id}`);
  if (!shown.length) return null;
  // Several orders fold into one line (four rows took 40% of a phone screen); the list opens on demand.
  const folded = shown.length > 1 && !expanded;
  return (
    <section className={styles.banner} aria-label={w.label}>
      {shown.length > 1 && (
        <div className={`container ${styles.item}`}>
          <IconGlyph name="receipt" size={20} />
          <span className={styles.text}>
            <strong>{fill(w.inProgress, { count: shown.length })}</strong>
          </span>
          <button type="button" className={styles.link} aria-expanded={expanded} aria-controls="open-orders-list" onClick={() => setExpanded(!expanded)}>
            {expanded ? w.hide : w.showAll}
            <IconGlyph name={expanded ? "chevronUp" : "chevronDown"} size={16} />
          </button>
        </div>
      )}
      <ul id="open-orders-list" className={`container ${styles.list}`} hidden={folded}>
        {shown.map((order) => {
          const stage = stageOf(order);
          const eta = arrivalText(order, locale);
          const pickup = order.deliveryOption === "pickup";
          return (
            <li key={order.id} className={styles.item}>
              <IconGlyph name={pickup ? "bag" : "scooter"} size={20} />
              <span className={styles.text}>
                <strong>{fill(w.order, { id: order.id })}</strong>
                {fill(w.from, { name: order.restaurant.name })}
                {stage ? (pickup && (w.pickupStage as Partial<Record<OrderStage, string>>)[stage]) || w.stage[stage] : order.status}
                {eta && <span className={styles.eta}>{fill(pickup ? w.ready : w.arriving, { eta })}</span>}
              </span>
              <Link href={`/orders/${order.id}`} className={styles.link}>
                {w.track}
                <span className="sr-only">{fill(w.trackOrder, { id: order.id })}</span>
                <IconGlyph name="chevronRight" size={16} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "6:15 PM – 6:40 PM", or null while the order has no window (closed, or still at checkout). */
function arrivalText(order: LiveOrderFields, locale: Locale): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  return `${formatTime(order.estimatedArrivalFrom, undefined, locale)} – ${formatTime(order.estimatedArrivalTo, undefined, locale)}`;
}

/** The toast a customer sees for a step of one of their orders, on whatever page they are. */
function stageToast(orderId: number, stage: OrderStage, pickup: boolean, toast: FeedWords["toast"]): string {
  const key = pickup && stage === "ready" ? "readyPickup" : pickup && stage === "delivered" ? "deliveredPickup" : stage;
  return fill(toast[key], { id: orderId });
}
