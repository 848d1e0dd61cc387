import { buttonClass } from "@/components/ui/button";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import styles from "./place-order-bar.module.css";

type PlaceOrderBarProps = {
  totalCents: number;
  placing: boolean;
  blocked?: boolean;
  reason?: string | null;
  error: string | null;
  onPlace: () => void;
  /** The catalogue's checkout.place and the total's language, from the server. */
  words: Words<"checkout">["place"];
  locale: Locale;
  /** The order's currency; USD's when absent. */
  currency?: string;
};

/**
 * Place order with the total: under the summary on wide screens, pinned to the bottom on phones.
 * `blocked`: the order cannot be placed yet (dishes no longer available, see MenuChanges; a
 * delivery without an address); `reason` says why above the button, which it describes.
 */
export function PlaceOrderBar({ totalCents, placing, blocked = false, reason = null, error, onPlace, words, locale, currency }: PlaceOrderBarProps) {
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
          <span className={styles.barTotalLabel}>{words.total}</span>
          <span className={styles.barTotalValue}>{formatCents(totalCents, { locale, currency })}</span>
        </p>
        <button
          type="button"
          className={buttonClass({ size: "large", className: styles.placeButton })}
          disabled={placing || blocked}
          aria-describedby={reason && !error ? "place-order-reason" : undefined}
          onClick={onPlace}
        >
          {placing ? words.placing : words.place}
        </button>
      </div>
    </div>
  );
}
