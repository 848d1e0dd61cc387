import { buttonClass } from "@/components/ui/button";
import { formatCents } from "@/lib/shared/money";
import styles from "./place-order-bar.module.css";

type PlaceOrderBarProps = { totalCents: number; placing: boolean; blocked?: boolean; reason?: string | null; error: string | null; onPlace: () => void };

/**
 * Place order with the total: under the summary on wide screens, pinned to the bottom on phones.
 * `blocked`: the order cannot be placed yet (dishes no longer available, see MenuChanges; a
 * delivery without an address); `reason` says why above the button, which it describes.
 */
export function PlaceOrderBar({ totalCents, placing, blocked = false, reason = null, error, onPlace }: PlaceOrderBarProps) {
  return (
    <div className={styles.placeBar}>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {reason && !error && (
        <p id="place-order-reason" className={styles.reason}>
          {reason}
        </p>
      )}
      <div className={styles.placeRow}>
        <p className={styles.barTotal}>
          <span className={styles.barTotalLabel}>Total</span>
          <span className={styles.barTotalValue}>{formatCents(totalCents)}</span>
        </p>
        <button
          type="button"
          className={buttonClass({ size: "large", className: styles.placeButton })}
          disabled={placing || blocked}
          aria-describedby={reason && !error ? "place-order-reason" : undefined}
          onClick={onPlace}
        >
          {placing ? "Placing order…" : "Place order"}
        </button>
      </div>
    </div>
  );
}
