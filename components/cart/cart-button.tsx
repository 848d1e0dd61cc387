"use client";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./cart-button.module.css";

/**
 * The top bar's cart button with its item-count badge. `count` is null until the stored cart
 * is read (after hydration): the badge keeps its place but shows nothing rather than a "0".
 */
export function CartButton({ count, onClick }: { count: number | null; onClick: () => void }) {
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-haspopup="dialog">
      <IconGlyph name="cart" size={22} />
      <span className="sr-only">{count === null ? "Open cart" : `Open cart, ${count === 1 ? "1 item" : `${count} items`}`}</span>
      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
        {count}
      </span>
    </button>
  );
}
