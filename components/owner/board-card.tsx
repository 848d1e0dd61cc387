"use client";
import { buttonClass } from "@/components/ui/button";
import { LineChoices } from "@/components/orders/line-choices";
import { formatMoney } from "@/components/ui/format";
import { lazy, Suspense } from "react";
import { formatShortDateTime, formatTime } from "@/lib/shared/time/format-date";
import { addressLine } from "@/lib/shared/kitchen/kitchen-ticket";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { BoardWords } from "./board-types";
import { orderReasonText } from "@/lib/shared/words/stored-texts";
import { HELD_STATES } from "@/lib/shared/delivery/job-states";
import { isPickup, stageOf, type OrderStage } from "@/lib/shared/orders/order-stages";
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

type CardWords = BoardWords["card"];

function deliveryLine(order: BoardOrder, w: CardWords, locale: Locale, timeZone: string): string {
  const at = (instant: string) => formatShortDateTime(instant, timeZone, locale);
  if (isPickup(order)) return order.scheduledFor ? fill(w.pickupAt, { time: at(order.scheduledFor) }) : w.pickup;
  if (order.deliveryOption === "schedule" && order.scheduledFor) return fill(w.scheduledFor, { time: at(order.scheduledFor) });
  // Who delivers a phone order: the restaurant's own staff (no courier is ever sent), or a Nosh courier.
  if (order.staffDelivery) return w.staffDelivery;
  if (order.phoneOrder) return w.courierDelivery;
  return order.deliveryOption === "priority" ? w.priority : w.standard;
}

/** How it is paid: a phone order's money is taken by the restaurant's own staff (docs/architecture/phone-orders.md). */
function paymentLine(order: BoardOrder, w: CardWords): string {
  if (order.paymentMethod === "door") return isPickup(order) ? w.payPickup : w.payDoor;
  if (order.paymentMethod === "cash") return w.payCash;
  // Paid by a card over a payment link.
  if (order.paymentMethod === "card" && order.phoneOrder) return order.awaitingPayment ? w.payLink : w.paidLink;
  return order.paymentMethod === "wallet" ? w.paidWallet : w.paidCard;
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
  /** The board's words (its card's, and the courier's, prep's and packing's lines) and the times' language. */
  words: BoardWords;
  locale: Locale;
  /** The restaurant's time zone: every time on the card is its wall clock. */
  timeZone: string;
};

/** One order on the board: who, what, since when, and the owner's next step as buttons. */
export function BoardCard({ order, now, fresh, busy, error, startCookingMinutes = null, onAction, words, locale, timeZone }: CardProps) {
  const w = words.card;
  const lines = { ...words.lines, locale, reasons: words.storedTexts };
  const stage = stageOf(order);
  const since = stageSince(order);
  const waitedMs = now - new Date(since).getTime();
  const waiting = (stage === "placed" || stage === "ready") && waitedMs > WAITING_ALERT_MS;
  const minutes = Math.max(0, Math.floor(waitedMs / 60_000));
  const titleId = `board-order-${order.id}`;
  const forOrder = <span className="sr-only"> {fill(w.forOrder, { id: order.id })}</span>;
  const small = (variant: "primary" | "secondary" | "ghost" = "primary") => buttonClass({ variant, size: "small" });
  // Still looking for a courier (lib/shared/delivery/delivery.ts SEARCHING_STATES) while the kitchen works on it: the owner may pick one.
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
        timeZone={timeZone}
        words={words.courier}
        lines={lines}
      />
    </Suspense>
  );
  const className = [styles.card, waiting && styles.waiting, fresh && styles.fresh].filter(Boolean).join(" ");
  return (
    <li className={className} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {fill(w.title, { id: order.id })} <span className={styles.cardFor}>{fill(w.for, { name: order.customer.firstName })}</span>
        </h3>
        {fresh && <span className={styles.newTag}>{w.newTag}</span>}
      </div>
      <p className={styles.meta}>
        {deliveryLine(order, w, locale, timeZone)} <span aria-hidden="true">·</span> {paymentLine(order, w)}
      </p>
      {order.phoneOrder && (
        <p className={styles.phoneOrder} data-testid="phone-order">
          {w.phoneOrder} · <a href={`tel:${order.phoneOrder.phone}`}>{phoneText(order.phoneOrder.phone)}</a>
        </p>
      )}
      {order.deliveryAddress && <p className={styles.meta}>{fill(w.deliverTo, { address: addressLine(order.deliveryAddress) })}</p>}
      {order.allergies?.length ? (
        <p className={styles.allergy} data-testid="board-allergy">
          {fill(w.allergy, { list: order.allergies.map((allergen) => w.allergens[allergen]).join(", ") })}
        </p>
      ) : null}
      <ul className={styles.lines} aria-label={fill(w.items, { id: order.id })}>
        {order.orderItems.map((line) => (
          <li key={line.id}>
            <span className={styles.qty}>{line.quantity} ×</span>{" "}
            <span className={styles.lineText}>
              {line.name}
              {line.customizations && <span className={styles.meta}> ({line.customizations})</span>}
              <LineChoices options={line.options} instructions={line.instructions} lang={{ locale, instructions: w.instructions }} />
            </span>
          </li>
        ))}
      </ul>
      <p className={`${styles.since} ${waiting ? styles.sinceWaiting : ""}`}>
        {stageWords(stage, w)} <time dateTime={since}>{formatTime(since, timeZone, locale)}</time>
        {stage && !closed(stage) && <> · {fill(w.minutesAgo, { minutes })}</>}
        {waiting && <strong> · {w.waiting}</strong>}
      </p>
      {stage === "accepted" && (
        <Suspense fallback={null}>
          {startCookingMinutes !== null && !isPickup(order) && <StartCookingCue order={order} leadMinutes={startCookingMinutes} now={now} lines={lines} />}
          <PrepChange order={order} words={words.prep} locale={locale} timeZone={timeZone} />
        </Suspense>
      )}
      {(stage === "accepted" || stage === "ready") && order.restaurantId && (
        <Suspense fallback={null}>
          <PackingPanel restaurantId={order.restaurantId} orderId={order.id} words={words.packing} />
          <LineUnavailable order={order} words={words.unavailable} locale={locale} />
        </Suspense>
      )}
      {order.awaitingPayment && (
        <p className={styles.awaitingPayment} data-awaiting-payment="">
          <strong>{w.awaitingPayment}</strong>: {order.phoneOrder ? w.awaitingLink : w.awaitingCard}
        </p>
      )}
      {order.dispute && <DisputedNote status={order.dispute} className={styles.awaitingPayment} />}
      {order.rejectionReason && <p className={styles.meta}>{orderReasonText(order, words.storedTexts)}</p>}
      <OrderActionsLine
        actions={order.actions}
        className={styles.meta}
        say={(action, name, role) => fill(w.by, { action: w.actions[action as keyof CardWords["actions"]] ?? action, name, role: w.roles[role] })}
      />
      {!courierHolds && courier}
      {error && (
        <p className={styles.cardError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.cardFoot}>
        <p className={styles.total}>
          <strong>{formatMoney(order.totalCost, locale)}</strong> {/* The printable kitchen ticket, in a tab of its own: the board stays open. */}
          <a className={styles.ticketLink} href={`/restaurants/${order.restaurantId}/tickets/${order.id}`} target="_blank" rel="noopener">
            {w.printTicket}
            {forOrder}
          </a>
        </p>
        <div className={styles.cardActions}>
          {stage === "placed" && (
            <>
              <button type="button" className={small("secondary")} onClick={() => onAction(order, "reject")} disabled={busy}>
                {w.reject}
                {forOrder}
              </button>
              <button type="button" className={small()} onClick={() => onAction(order, "accept")} disabled={busy}>
                {w.accept}
                {forOrder}
              </button>
            </>
          )}
          {searching && (
            <button type="button" className={small("secondary")} onClick={() => onAction(order, "assign")} disabled={busy}>
              {w.assign}
              {forOrder}
            </button>
          )}
          {stage === "accepted" && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "ready")} disabled={busy}>
              {w.markReady}
              {forOrder}
            </button>
          )}
          {stage === "ready" && isPickup(order) && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "delivered")} disabled={busy}>
              {w.pickedUp}
              {forOrder}
            </button>
          )}
          {courierHolds && courier}
          {stage === "ready" && !isPickup(order) && !courierHolds && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "out_for_delivery")} disabled={busy}>
              {w.outForDelivery}
              {forOrder}
            </button>
          )}
          {stage === "out_for_delivery" && !courierHolds && movable && (
            <button type="button" className={small()} onClick={() => onAction(order, "delivered")} disabled={busy}>
              {w.delivered}
              {forOrder}
            </button>
          )}
          {closed(stage) && <span className={styles.doneTag}>{stage === "delivered" && order.deliveryOption === "pickup" ? w.closed.pickedUp : w.closed[stage]}</span>}
        </div>
      </div>
    </li>
  );
}

/** The stages a card closes on: a tag where its buttons were (words.card.closed); the others' time line says since when ("Ready since 6:15 PM"). */
const CLOSED = ["delivered", "rejected", "canceled", "expired"] as const;
const closed = (stage: OrderStage | null): stage is (typeof CLOSED)[number] => (CLOSED as readonly (OrderStage | null)[]).includes(stage);
const SINCE = ["placed", "accepted", "ready", "out_for_delivery"] as const;
/** What the card's time line says of its stage ("Ready since 6:15 PM"). */
const stageWords = (stage: OrderStage | null, w: CardWords) =>
  (SINCE as readonly (OrderStage | null)[]).includes(stage) ? w.since[stage as (typeof SINCE)[number]] : w.since.closed;
