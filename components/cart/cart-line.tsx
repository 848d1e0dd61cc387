"use client";
import { useCart } from "@/components/providers/cart-provider";
import { IconGlyph } from "@/components/ui/icons";
import type { CartItem } from "@/lib/shared/cart";
import { formatCents } from "@/lib/shared/money";
import styles from "./cart-panel.module.css";
import { Photo } from "@/components/ui/photo";

/** One cart line: + and −, where − at quantity 1 becomes delete. */
export function CartLine({ item }: { item: CartItem }) {
  const { increment, decrement } = useCart();
  const lineCents = Math.round(item.price * 100) * item.quantity;
  return (
    <li className={styles.line}>
      <Photo src={item.food_image.replace(/\.webp$/, "-sm.webp")} alt="" width={56} height={56} className={styles.lineThumb} />
      <div className={styles.lineText}>
        <span className={styles.lineName}>{item.name}</span>
        <span className={styles.linePrice}>{formatCents(lineCents)}</span>
      </div>
      <div className={styles.stepper} role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          className={styles.stepButton}
          onClick={() => decrement(item.id)}
          aria-label={item.quantity === 1 ? `Remove ${item.name}` : `Decrease ${item.name}`}
        >
          <IconGlyph name={item.quantity === 1 ? "close" : "minus"} size={16} />
        </button>
        <span className={styles.quantity} aria-live="polite">
          {item.quantity}
        </span>
        <button type="button" className={styles.stepButton} onClick={() => increment(item.id)} aria-label={`Increase ${item.name}`} disabled={item.quantity >= 99}>
          <IconGlyph name="plus" size={16} />
        </button>
      </div>
    </li>
  );
}
