"use client";
import { buttonClass } from "@/components/ui/button";
import { LineChoices } from "@/components/orders/line-choices";
import { formatMoney } from "@/components/ui/format";
import { lazy, Suspense } from "react";
import { formatShortDateTime, formatTime } from "@/lib/shared/format-date";
import { addressLine, allergyLine } from "@/lib/shared/kitchen-ticket";
import { HELD_STATES } from "@/lib/shared/job-states";
import { isPickup, stageLabel, stageOf, type OrderStage } from "@/lib/shared/order-stages";
import { stageSince, WAITING_ALERT_MS, type BoardOrder } from "./board-types";
import styles from "./board.module.css";
import { DisputedNote } from "./disputed-note";
import { OrderActionsLine } from "./order-actions-line";

// A delivery's courier line loads with the first order that has a job: the board shows itself without it.
// An accepted order's ready time with +5 / +10 minutes comes in the same chunk (the board's first load is at its budget).
const later = () => import("./board-courier");
const BoardCourier = lazy(() => later().then((m) => ({ default: m.BoardCourier })));
const PrepChange = lazy(() => later().then((m) => ({ default: m.PrepChange })));
const StartCookingCue = lazy(() => later().then((m) => ({ default: m.StartCookingCue })));
// A dish unavailable after accepting: its own chunk, with the first accepted or ready card.
const LineUnavailable = lazy(() => import("./line-unavailable").then((m) => ({ default: m.LineUnavailable })));
// Packed and sealed: the lines' tick boxes and the bag count, its own chunk with the first accepted or ready card.
const PackingPanel = lazy(() => import("./packing-panel").then((m) => ({ default: m.PackingPanel })));

export type BoardAction = "accept" | "reject" | "ready" | "out_for_delivery" | "delivered" | "assign";

function deliveryLine(order: BoardOrder): string {
  if (isPickup(order)) return order.scheduledFor ? `Pickup at ${formatShortDateTime(order.scheduledFor)}` : "Pickup";
  if (order.deliveryOption === "schedule" && order.scheduledFor) return `Scheduled for ${formatShortDateTime(order.scheduledFor)}`;
  return order.deliveryOption === "priority" ? "Priority delivery" : "Standard delivery";
}

/** How it is paid: a phone order's money is taken by the restaurant's own staff (docs/architecture/phone-orders.md). */
function paymentLine(order: BoardOrder): string {
  if (order.paymentMethod === "door") return isPickup(order) ? "Pay at pickup" : "Pay at the door";
  // Paid by a card over a payment link.
  if (order.paymentMethod === "card" && order.phoneOrder) return order.awaitingPayment ? "Pay by link" : "Paid by card (link)";
  return order.paymentMethod === "wallet" ? "Paid by wallet" : "Paid by card";
}

/** "415-555-0134" from the ten digits kept. */
const phoneText = (digits: string) => (/^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits);

type CardProps = {
  order: BoardOrder;
  now: number;
  fresh: boolean;
  busy: boolean;
  /** What the server answered to the card's last button, when it refused (a courier holds the order: 409). */
  error?: string | null;
  /** The restaurant's "start cooking when the courier is N minutes away" (null: off): an accepted delivery order's card says when. */
  startCookingMinutes?: number | null;
  onAction: (order: BoardOrder, action: BoardAction) => void;
};

/** One order on the board: who, what, since when, and the owner's next step as buttons. */
export function BoardCard({ order, now, fresh, busy, error, startCookingMinutes = null, onAction }: CardProps) {
  const stage = stageOf(order);
  const since = stageSince(order);
  const waitedMs = now - new Date(since).getTime();
  const waiting = (stage === "placed" || stage === "ready") && waitedMs > WAITING_ALERT_MS;
  const minutes = Math.max(0, Math.floor(waitedMs / 60_000));
  const titleId = `board-order-${order.id}`;
  const forOrder = <span className="sr-only"> order {order.id}</span>;
  const small = (variant: "primary" | "secondary" | "ghost" = "primary") => buttonClass({ variant, size: "small" });
  // Still looking for a courier (lib/shared/delivery.ts SEARCHING_STATES) while the kitchen works on it: the owner may pick one.
  const jobState = order.delivery?.state;
  const searching = (jobState === "unassigned" || jobState === "offered") && (stage === "accepted" || stage === "ready");
  // A courier holds the job: "Out for delivery" and "Delivered" are theirs (a 409 for the owner), so
  // the card's foot shows the courier's state where those buttons were.
  const courierHolds = jobState !== undefined && HELD_STATES.includes(jobState);
  // A card whose capture failed moves no further until the customer pays (a 409 naming the payment).
  const movable = !order.awaitingPayment;
  const courier = order.delivery && (
    <Suspense fallback={null}>
      <BoardCourier
        courier={order.courier}
        delivery={order.delivery}
        searching={searching}
        wait={order.courierWait}
        now={now}
        readyAt={stage === "accepted" ? order.estimatedReadyAt : null}
      />
    </Suspense>
  );
  const className = [styles.card, waiting && styles.waiting, fresh && styles.fresh].filter(Boolean).join(" ");
  return (
    <li className={className} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          Order #{order.id} <span className={styles.cardFor}>for {order.customer.firstName}</span>
        </h3>
        {fresh && <span className={styles.newTag}>New</span>}
      </div>
      <p className={styles.meta}>
        {deliveryLine(order)} <span aria-hidden="true">·</span> {paymentLine(order)}
      </p>
      {order.phoneOrder && (
        <p className={styles.phoneOrder} data-testid="phone-order">
          Phone order · <a href={`tel:${order.phoneOrder.phone}`}>{phoneText(order.phoneOrder.phone)}</a>
        </p>
      )}
      {order.deliveryAddress && <p className={styles.meta}>Deliver to {addressLine(order.deliveryAddress)}</p>}
      {order.allergies?.length ? (
        <p className={styles.allergy} data-testid="board-allergy">
          {allergyLine(order.allergies)}
        </p>
      ) : null}
      <ul className={styles.lines} aria-label={`Items of order ${order.id}`}>
        {order.orderItems.map((line) => (
          <li key={line.id}>
            <span className={styles.qty}>{line.quantity} ×</span>{" "}
            <span className={styles.lineText}>
              {line.name}
              {line.customizations && <span className={styles.meta}> ({line.customizations})</span>}
              <LineChoices options={line.options} instructions={line.instructions} />
            </span>
          </li>
        ))}
      </ul>
      <p className={`${styles.since} ${waiting ? styles.sinceWaiting : ""}`}>
        {stageWords(stage)} <time dateTime={since}>{formatTime(since)}</time>
        {stage && !CLOSED[stage] && <> · {minutes} min ago</>}
        {waiting && <strong> · waiting</strong>}
      </p>
      {stage === "accepted" && (
        <Suspense fallback={null}>
          {startCookingMinutes !== null && !isPickup(order) && <StartCookingCue order={order} leadMinutes={startCookingMinutes} now={now} />}
          <PrepChange order={order} />
        </Suspense>
      )}
      {(stage === "accepted" || stage === "ready") && order.restaurantId && (
        <Suspense fallback={null}>
          <PackingPanel restaurantId={order.restaurantId} orderId={order.id} />
          <LineUnavailable order={order} />
        </Suspense>
      )}
      {order.awaitingPayment && (
        <p className={styles.awaitingPayment} data-awaiting-payment="">
          <strong>Waiting for payment</strong>:{" "}
          {order.phoneOrder
            ? "the customer has not paid on the payment link yet. Hold the food until they do; the order is canceled if they do not in time."
            : "the customer's card could not be charged. Hold the food until they pay with another card; the order is canceled if they do not in time."}
        </p>
      )}
      {order.dispute && <DisputedNote status={order.dispute} className={styles.awaitingPayment} />}
      {order.rejectionReason && <p className={styles.meta}>{order.rejectionReason}</p>}
      <OrderActionsLine actions={order.actions} className={styles.meta} />
      {!courierHolds && courier}
      {error && (
        <p className={styles.cardError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.cardFoot}>
        <p className={styles.total}>
          <strong>{formatMoney(order.totalCost)}</strong> {/* The printable kitchen ticket, in a tab of its own: the board stays open. */}
          <a className={styles.ticketLink} href={`/restaurants/${order.restaurantId}/tickets/${order.id}`} target="_blank" rel="noopener">
            Print ticket{forOrder}
          </a>
        </p>
        <div className={styles.cardActions}>
          {stage === "placed" && (
            <>
              <button type="button" className={small("secondary")} onClick={() => onAction(order, "reject")} disabled={busy}>
                Reject{forOrder}
              </button>
              <button type="button" className={small()} onClick={() => onAction(order, "accept")} disabled={busy}>
                Accept{forOrder}
              </button>
            </>
          )}
          {searching && (
            <button type="button" className={small("secondary")} onClick={() => onAction(order, "assign")} disabled={busy}>
              Assign a courier{forOrder}
            </button>
          )}
          {stage === "accepted" && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "ready")} disabled={busy}>
              Mark ready{forOrder}
            </button>
          )}
          {stage === "ready" && isPickup(order) && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "delivered")} disabled={busy}>
              Picked up{forOrder}
            </button>
          )}
          {courierHolds && courier}
          {stage === "ready" && !isPickup(order) && !courierHolds && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "out_for_delivery")} disabled={busy}>
              Out for delivery{forOrder}
            </button>
          )}
          {stage === "out_for_delivery" && !courierHolds && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "delivered")} disabled={busy}>
              Delivered{forOrder}
            </button>
          )}
          {stage && CLOSED[stage] && <span className={styles.doneTag}>{stage === "delivered" ? stageLabel(stage, order.deliveryOption) : CLOSED[stage]}</span>}
        </div>
      </div>
    </li>
  );
}

const CLOSED: Partial<Record<OrderStage, string>> = {
  delivered: "Delivered",
  rejected: "Rejected",
  canceled: "Canceled by the customer",
  expired: "Expired: not accepted in time",
};

/** What the card's time line says of its stage ("Ready since 6:15 PM"). */
const STAGE_WORDS: Partial<Record<OrderStage, string>> = { placed: "Placed", accepted: "Accepted", ready: "Ready since", out_for_delivery: "Left" };
const stageWords = (stage: OrderStage | null) => (stage && STAGE_WORDS[stage]) || "Closed";
