"use client";
import { IconGlyph } from "@/components/ui/icons";
import type { Words } from "@/lib/i18n/words";
import styles from "./cart-button.module.css";

/**
 * The top bar's cart button with its item-count badge. `count` is null until the stored cart
 * is read (after hydration): the badge keeps its place but shows nothing rather than a "0".
 * `words`: the top bar's, from the server (its count filled in place: fill() would join every page's first-load JavaScript).
 */
export function CartButton({
  count,
  onClick,
  words,
}: {
  count: number | null;
  onClick: () => void;
  words: Pick<Words<"shell">, "openCart" | "openCartOne" | "openCartMany">;
}) {
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-haspopup="dialog">
      <IconGlyph name="cart" size={22} />
      <span className="sr-only">{count === null ? words.openCart : count === 1 ? words.openCartOne : words.openCartMany.replace("{count}", String(count))}</span>
      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
        {count}
      </span>
    </button>
  );
}
