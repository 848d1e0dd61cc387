"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./cart-panel.module.css";

/**
 * The one-restaurant rule as a choice instead of a dead end: the spec's
 * message, then keep the cart as it is, or empty it and add the dish in one step.
 * Rendered by the cart panel's module, which the top bar loads on the first such add; `words` in
 * the page's language (the spec's message is the English entry).
 */
export function CartConflictDialog({ words: w }: { words: Words<"cart">["conflict"] }) {
  const { pendingAdd: pending, resolvePendingAdd } = useCart();
  const { show } = useAlerts();
  const startNew = () => {
    if (pending) show(fill(w.started, { dish: pending.item.name }), "success");
    resolvePendingAdd(true);
  };
  return (
    <Dialog open={pending !== null} onClose={() => resolvePendingAdd(false)} title={w.title}>
      {pending && (
        <div className={styles.conflict}>
          <p>{w.message}</p>
          <p className={styles.conflictDetail}>{fill(w.detail, { current: pending.current, dish: pending.item.name, restaurant: pending.item.restaurant })}</p>
          <div className={styles.conflictActions}>
            <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => resolvePendingAdd(false)}>
              {w.keep}
            </button>
            <button type="button" className={buttonClass()} onClick={startNew}>
              {w.startNew}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
