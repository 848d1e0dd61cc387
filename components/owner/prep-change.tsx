"use client";
import { useSyncExternalStore } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatTime } from "@/lib/shared/time/format-date";
import { PREP_CHANGE } from "@/lib/shared/orders/order-stages";
import type { BoardOrder } from "./board-types";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import boardStyles from "./board.module.css";
import styles from "./prep-change.module.css";

/**
 * An accepted order's "Ready by 7:35 PM (25 min)", then "+5 min" / "+10 min" on its card (POST .../orders/{id}/prep): the kitchen needs
 * longer, so the ready time and the customer's arrival window move by as much. Its own chunk (the
 * board's first load is at its budget); disabled until mounted. The board reads the order again
 * on the prep_changed event its stream sends.
 */
const noSubscription = () => () => {};

export function PrepChange({ order, words, locale, timeZone }: { order: BoardOrder; words: Words<"kitchen">["board"]["prep"]; locale: Locale; timeZone: string }) {
  const { id: orderId, restaurantId, estimatedReadyAt, prepMinutes } = order;
  const { show } = useAlerts();
  // False in the server's HTML and while hydrating, true once mounted: no tap lands on markup that does nothing yet.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const prep = useApiAction(
    (minutes: number) => api(`/api/manage/${restaurantId}/orders/${orderId}/prep`, { method: "POST", body: { addMinutes: minutes } }).then(() => minutes),
    {
      onSuccess: (minutes) => show(fill(words.added, { id: orderId, minutes }), "success"),
      onError: (failure) => show(failure.message, "error"),
    },
  );
  const saving = prep.busy;
  const add = (minutes: number) => prep.run(minutes);
  return (
    <>
      {estimatedReadyAt && (
        <p className={boardStyles.meta}>
          {words.readyBy} <time dateTime={estimatedReadyAt}>{formatTime(estimatedReadyAt, timeZone, locale)}</time>
          {prepMinutes ? ` ${fill(words.minutes, { minutes: prepMinutes })}` : ""}
        </p>
      )}
      {restaurantId && (
        <div className={styles.prep} role="group" aria-label={fill(words.more, { id: orderId })}>
          {PREP_CHANGE.steps.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className={buttonClass({ variant: "secondary", size: "small" })}
              onClick={() => void add(minutes)}
              disabled={!mounted || saving}
            >
              {fill(words.plus, { minutes })}
              <span className="sr-only"> {fill(words.forOrder, { id: orderId })}</span>
            </button>
          ))}
        </div>
      )}
    </>
  );
}
