import { formatMoney } from "@/components/ui/format";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./line-choices.module.css";

/** What a line's chosen options and instructions look like: a cart line's, or an order line's copy of them. */
export type LineChoicesProps = {
  options?: readonly { name: string; priceDelta: number }[] | null;
  instructions?: string | null;
  /** The page's language: the amounts' and the instructions' label ("Instructions: "); the amounts' currency (USD's when absent). */
  lang: { locale: Locale; instructions: string; currency?: string };
};

/**
 * The choices of one cart or order line, under its name: "Large (+$3.50), Cheese (+$1.00)" and
 * the customer's instructions. The cart, checkout, the orders, the receipt and the kitchen's
 * board all show a line's choices with this, so they read the same everywhere. Nothing when none.
 */
export function LineChoices({ options, instructions, lang }: LineChoicesProps) {
  if (!options?.length && !instructions) return null;
  return (
    <span className={styles.choices} data-testid="line-choices">
      {options && options.length > 0 && (
        <span className={styles.options}>
          {options.map((option) => (option.priceDelta > 0 ? `${option.name} (+${formatMoney(option.priceDelta, lang.locale, lang.currency)})` : option.name)).join(", ")}
        </span>
      )}
      {instructions && (
        <span className={styles.instructions}>
          <span className="sr-only">{lang.instructions}</span>“{instructions}”
        </span>
      )}
    </span>
  );
}
