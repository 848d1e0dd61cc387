"use client";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./cart-button.module.css";

/** The top bar's cart button with its item-count badge. */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-haspopup="dialog">
      <IconGlyph name="cart" size={22} />
      <span className="sr-only">Open cart, {count === 1 ? "1 item" : `${count} items`}</span>
      <span className={styles.badge} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
