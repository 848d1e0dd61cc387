import type { ReactNode } from "react";
import type { IncomingOrderJson } from "@/lib/contract/orders/schemas";
import en from "@/lib/i18n/en.json";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { addressLine, ticketKind, ticketPayment, ticketPriority, ticketTimes } from "@/lib/shared/kitchen/kitchen-ticket";
import { PrintButton } from "./print-button";
import styles from "./kitchen-ticket.module.css";
import { DisputedNote } from "./disputed-note";
import { OrderActionsLine } from "./order-actions-line";

/**
 * A kitchen ticket: the order's number, when it was placed (and for when, if for
 * later) in the restaurant's zone, pickup or delivery, each line with its quantity, choices and
 * instructions, and the customer's first name: nothing else of theirs. On screen a preview with a
 * Print button; on paper (the print stylesheet, and app/globals.css leaving the shell off) only it.
 * In the reader's language (the catalogue's `ticket`: the staff member's, docs/architecture/languages.md).
 */
export async function KitchenTicket({ order, restaurantName, timeZone, back }: { order: IncomingOrderJson; restaurantName: string; timeZone: string; back: ReactNode }) {
  const t = await getT("ticket");
  const locale = await requestLocale();
  const times = ticketTimes(order, timeZone, locale);
  const forLater = times.forLater && t(...times.forLater);
  const paid = ticketPayment(order, locale);
  const payment = paid && (paid.phoneOrder ? t("phoneOrder", { collect: t(...paid.collect) }) : t(...paid.collect));
  const priority = ticketPriority(order);
  const step = (action: string) => (Object.hasOwn(en.ticket.actions, action) ? t(`actions.${action as keyof typeof en.ticket.actions}`) : action);
  const items = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <div className={styles.actions}>
        <div className={styles.back}>{back}</div>
        <PrintButton label={t("print")} />
        <p className={styles.hint}>{t("hint")}</p>
      </div>
      <article className={styles.ticket} data-print-view aria-labelledby="ticket-title">
        <p className={styles.restaurant}>{restaurantName}</p>
        <p className={styles.kind}>
          {t(...ticketKind(order))}
          {priority && <span className={styles.priority}>{t(...priority)}</span>}
        </p>
        <h1 id="ticket-title" className={styles.number}>
          {t("number", { id: String(order.id) })}
        </h1>
        <p className={styles.customer}>{t("for", { name: order.customer.firstName })}</p>
        {order.allergies?.length ? (
          <p className={styles.allergy} data-testid="ticket-allergy">
            {t("allergy", { list: order.allergies.map((allergen) => t(`allergens.${allergen}`)).join(", ") })}
          </p>
        ) : null}
        <OrderActionsLine
          actions={order.actions}
          className={styles.customer}
          say={(action, name, role) => t("by", { action: step(action), name, role: t(`roles.${role}`) })}
        />
        <p className={styles.time}>{t(...times.placed)}</p>
        {payment && <p className={styles.forLater}>{payment}</p>}
        {order.deliveryAddress && <p className={styles.customer}>{t("deliverTo", { address: addressLine(order.deliveryAddress) })}</p>}
        {order.dispute && <DisputedNote status={order.dispute} className={styles.forLater} />}
        {forLater && <p className={styles.forLater}>{forLater}</p>}
        <ul className={styles.lines} aria-label={t("items")}>
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
                {line.instructions && <span className={styles.instructions}> {t("note", { text: line.instructions })}</span>}
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.count}>{t("count", { count: items })}</p>
      </article>
    </>
  );
}
