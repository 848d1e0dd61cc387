import type { ReactNode } from "react";
import type { IncomingOrderJson } from "@/lib/contract/order-schemas";
import { addressLine, allergyLine, ticketKind, ticketPayment, ticketPriority, ticketTimes } from "@/lib/shared/kitchen-ticket";
import { PrintButton } from "./print-button";
import styles from "./kitchen-ticket.module.css";
import { DisputedNote } from "./disputed-note";
import { OrderActionsLine } from "./order-actions-line";

/**
 * A kitchen ticket: the order's number, when it was placed (and for when, if for
 * later) in the restaurant's zone, pickup or delivery, each line with its quantity, choices and
 * instructions, and the customer's first name: nothing else of theirs. On screen a preview with a
 * Print button; on paper (the print stylesheet, and app/globals.css leaving the shell off) only it.
 */
export function KitchenTicket({ order, restaurantName, timeZone, back }: { order: IncomingOrderJson; restaurantName: string; timeZone: string; back: ReactNode }) {
  const { placed, forLater } = ticketTimes(order, timeZone);
  const priority = ticketPriority(order);
  const items = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <div className={styles.actions}>
        <div className={styles.back}>{back}</div>
        <PrintButton />
        <p className={styles.hint}>Prints the ticket alone, sized for a receipt printer or a sheet of paper.</p>
      </div>
      <article className={styles.ticket} data-print-view aria-labelledby="ticket-title">
        <p className={styles.restaurant}>{restaurantName}</p>
        <p className={styles.kind}>
          {ticketKind(order)}
          {priority && <span className={styles.priority}>{priority}</span>}
        </p>
        <h1 id="ticket-title" className={styles.number}>
          Order #{order.id}
        </h1>
        <p className={styles.customer}>For {order.customer.firstName}</p>
        {order.allergies?.length ? (
          <p className={styles.allergy} data-testid="ticket-allergy">
            {allergyLine(order.allergies)}
          </p>
        ) : null}
        <OrderActionsLine actions={order.actions} className={styles.customer} />
        <p className={styles.time}>{placed}</p>
        {ticketPayment(order) && <p className={styles.forLater}>{ticketPayment(order)}</p>}
        {order.deliveryAddress && <p className={styles.customer}>Deliver to {addressLine(order.deliveryAddress)}</p>}
        {order.dispute && <DisputedNote status={order.dispute} className={styles.forLater} />}
        {forLater && <p className={styles.forLater}>{forLater}</p>}
        <ul className={styles.lines} aria-label="Items">
          {order.orderItems.map((line) => (
            <li key={line.id} className={styles.line}>
              <span className={styles.qty}>{line.quantity} ×</span> {/* Spaces between the parts: a copied or read-aloud ticket is words, not one run. */}
              <span className={styles.what}>
                <span className={styles.name}>{line.name}</span>
                {line.customizations && <span className={styles.choice}> {line.customizations}</span>}
                {line.options.map((option, index) => (
                  <span key={index} className={styles.choice}>
                    {" "}
                    + {option.name}
                  </span>
                ))}
                {line.instructions && <span className={styles.instructions}> Note: “{line.instructions}”</span>}
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.count}>
          {items} {items === 1 ? "item" : "items"}
        </p>
      </article>
    </>
  );
}
