"use client";
import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useCallback, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { PERSONAL_STREAM, useOrderEvents } from "@/lib/client/use-order-events";
import { formatTime } from "@/lib/shared/format-date";
import { isStageEvent, stageOf, type LiveOrderFields, type OrderEventJson, type OrderStage } from "@/lib/shared/order-stages";
import type { OrderJson } from "@/lib/server/orders/to-json";
import styles from "./live-orders.module.css";

type OpenOrder = OrderJson & LiveOrderFields;

/** The person's own rows, not their restaurants' orders (an owner's stream carries both). */
const mine = (event: OrderEventJson) => event.mine !== false;

/**
 * The events of the signed-in customer's own orders, from the page's one personal stream (GET /api/events).
 * Each step becomes a toast on whatever page is open, and the banner of open orders is re-read
 * from GET /api/orders/open after every (re)connect and every event.
 */
export function LiveOrdersFeed() {
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
      show(`Order #${event.orderId} could not be delivered${event.detail?.reason ? `: ${event.detail.reason}` : ""}.`, "error");
      void refresh();
      return;
    }
    if (!isStageEvent(event) || event.stage === "placed" || event.stage === "canceled") return;
    const bad = event.stage === "rejected" || event.stage === "expired";
    const pickup = orders.some((order) => order.id === event.orderId && order.deliveryOption === "pickup");
    show(stageToast(event.orderId, event.stage, pickup), bad ? "error" : event.stage === "delivered" ? "success" : "info");
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
    <section className={styles.banner} aria-label="Your open orders">
      {shown.length > 1 && (
        <div className={`container ${styles.item}`}>
          <IconGlyph name="receipt" size={20} />
          <span className={styles.text}>
            <strong>{shown.length} orders in progress</strong>
          </span>
          <button type="button" className={styles.link} aria-expanded={expanded} aria-controls="open-orders-list" onClick={() => setExpanded(!expanded)}>
            {expanded ? "Hide" : "Show all"}
            <IconGlyph name={expanded ? "chevronUp" : "chevronDown"} size={16} />
          </button>
        </div>
      )}
      <ul id="open-orders-list" className={`container ${styles.list}`} hidden={folded}>
        {shown.map((order) => {
          const stage = stageOf(order);
          const eta = arrivalText(order);
          const pickup = order.deliveryOption === "pickup";
          return (
            <li key={order.id} className={styles.item}>
              <IconGlyph name={pickup ? "bag" : "scooter"} size={20} />
              <span className={styles.text}>
                <strong>Order #{order.id}</strong> from {order.restaurant.name}: {stage ? (pickup && PICKUP_SHORT[stage]) || STAGE_SHORT[stage] : order.status}
                {eta && (
                  <span className={styles.eta}>
                    {" "}
                    · {pickup ? "ready" : "arriving"} {eta}
                  </span>
                )}
              </span>
              <Link href={`/orders/${order.id}`} className={styles.link}>
                Track<span className="sr-only"> order #{order.id}</span>
                <IconGlyph name="chevronRight" size={16} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The live banner's words for an open order. */
const STAGE_SHORT: Record<OrderStage, string> = {
  placed: "Waiting for the restaurant to confirm",
  accepted: "Being prepared",
  ready: "Ready, waiting for the courier",
  out_for_delivery: "On its way",
  delivered: "Delivered",
  rejected: "Declined",
  canceled: "Canceled",
  expired: "Not confirmed",
};

/** A pickup's words where they differ (stageLabel's names: it is never on its way). */
const PICKUP_SHORT: Partial<Record<OrderStage, string>> = { ready: "Ready for pickup", delivered: "Picked up" };

/** "6:15 PM – 6:40 PM", or null while the order has no window (closed, or still at checkout). */
function arrivalText(order: LiveOrderFields): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  return `${formatTime(order.estimatedArrivalFrom)} – ${formatTime(order.estimatedArrivalTo)}`;
}

/** The toast a customer sees for a step of one of their orders, on whatever page they are. */
function stageToast(orderId: number, stage: OrderStage, pickup: boolean): string {
  switch (stage) {
    case "placed":
      return `Order #${orderId} was placed`;
    case "accepted":
      return `Order #${orderId} was accepted and is being prepared`;
    case "ready":
      return pickup ? `Order #${orderId} is ready for pickup` : `Order #${orderId} is ready`;
    case "out_for_delivery":
      return `Order #${orderId} is out for delivery`;
    case "delivered":
      return pickup ? `Order #${orderId} was picked up` : `Order #${orderId} was delivered`;
    case "rejected":
      return `Order #${orderId} was declined by the restaurant`;
    case "canceled":
      return `Order #${orderId} was canceled`;
    case "expired":
      return `Order #${orderId} was canceled: the restaurant did not confirm it`;
  }
}
