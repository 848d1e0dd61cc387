"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CART_CONFLICT_MESSAGE } from "@/lib/shared/cart";
import styles from "./cart-panel.module.css";

/**
 * The one-restaurant rule as a choice instead of a dead end: the spec's
 * message, then keep the cart as it is, or empty it and add the dish in one step.
 * Rendered by the cart panel's module, which the top bar loads on the first such add.
 */
export function CartConflictDialog() {
  const { pendingAdd: pending, resolvePendingAdd } = useCart();
  const { show } = useAlerts();
  const startNew = () => {
    if (pending) show(`Started a new cart with ${pending.item.name}.`, "success");
    resolvePendingAdd(true);
  };
  return (
    <Dialog open={pending !== null} onClose={() => resolvePendingAdd(false)} title="Start a new cart?">
      {pending && (
        <div className={styles.conflict}>
          <p>{CART_CONFLICT_MESSAGE}</p>
          <p className={styles.conflictDetail}>
            A new cart empties your {pending.current} cart and adds {pending.item.name} from {pending.item.restaurant}.
          </p>
          <div className={styles.conflictActions}>
            <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => resolvePendingAdd(false)}>
              Keep current cart
            </button>
            <button type="button" className={buttonClass()} onClick={startNew}>
              Start new cart
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
