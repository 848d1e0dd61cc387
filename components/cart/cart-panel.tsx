"use client";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./cart-panel.module.css";

type CartPanelProps = { open: boolean; onClose: () => void };

/** The slide-in cart. Holds only the empty state until the cart itself is built. */
export function CartPanel({ open, onClose }: CartPanelProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Your cart" placement="right">
      <CartEmpty onBrowse={onClose} />
    </Dialog>
  );
}

export function CartEmpty({ onBrowse }: { onBrowse?: () => void }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <IconGlyph name="bag" size={40} strokeWidth={1.5} />
      </span>
      <p className={styles.emptyTitle}>Your cart is empty</p>
      <p className={styles.emptyText}>Add items from a restaurant to start a new order.</p>
      <Link href="/home" className={buttonClass()} onClick={onBrowse}>
        Browse restaurants
      </Link>
    </div>
  );
}
