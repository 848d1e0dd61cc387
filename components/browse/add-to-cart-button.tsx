"use client";
import { useEffect, useState } from "react";
import { useCart } from "@/components/providers/cart-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { LiveButton } from "@/components/ui/live-button";
import type { CartItem } from "@/lib/shared/orders/cart";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { warnIfClosed, type OpenFacts } from "./closed-at-add";
import { warnIfAllergic } from "./allergy-at-add";
import { NOT_TAKING_ORDERS } from "./format";
import styles from "./add-to-cart-button.module.css";

type AddToCartButtonProps = {
  item: Omit<CartItem, "quantity">;
  quantity?: number;
  /** How long "Added to cart" shows (ADD_TO_CART_CONFIRM_MS: 2 s on item pages, 3 s on the restaurant page). */
  confirmMs: number;
  /** The restaurant is not taking orders: the button says so and cannot be pressed. */
  disabled?: boolean;
  /** What the disabled button says instead of "Not taking orders" (a dish outside its section's window: "Available from 11:00 AM"). */
  disabledLabel?: string;
  /** Visible text; "Add" in lists (a plus), "Add to cart" on the item page (a cart): `wide` says which. */
  label?: string;
  wide?: boolean;
  /** "Added to cart", in the page's language. */
  addedLabel?: string;
  /** The accessible name when the visible label is not enough on its own ("Add Pad Thai to cart"). */
  accessibleLabel?: string;
  size?: "small" | "medium" | "large";
  block?: boolean;
  /** The restaurant's open-now: an Add while it is closed warns that the order is scheduled for later. */
  open?: OpenFacts;
  /** The dish's allergens: an Add of one on the signed-in customer's allergy list says so. */
  allergens?: readonly string[];
};

/**
 * Adds the item through the cart provider, which refuses (with its own alert) anonymous
 * visitors, users without an address and a second restaurant; on success "Added to cart"
 * shows beside the button for `confirmMs`.
 */
export function AddToCartButton({
  item,
  quantity = 1,
  confirmMs,
  disabled,
  disabledLabel = NOT_TAKING_ORDERS,
  label = "Add",
  wide = label !== "Add",
  addedLabel,
  accessibleLabel,
  size = "small",
  block,
  open,
  allergens = [],
}: AddToCartButtonProps) {
  const { add } = useCart();
  const alerts = useAlerts();
  const { show } = alerts;
  const { user } = useSession();
  const [confirmedAt, confirm] = useAddedConfirmation(confirmMs);

  return (
    <span className={`${styles.wrap} ${block ? styles.block : ""}`}>
      <LiveButton
        className={buttonClass({ size, block })}
        disabled={disabled}
        aria-label={disabled ? `${disabledLabel}: ${item.name}` : accessibleLabel}
        onClick={() => {
          if (!add(item, quantity)) return;
          confirm();
          warnIfClosed(open, show);
          warnIfAllergic(item.name, allergens, user?.avoidAllergens, alerts);
        }}
      >
        {!disabled && <IconGlyph name={wide ? "cart" : "plus"} size={size === "small" ? 16 : 20} />}
        {disabled ? disabledLabel : label}
      </LiveButton>
      <AddedStatus shown={confirmedAt !== null} label={addedLabel} />
    </span>
  );
}

/** When the last Add succeeded (null once `confirmMs` has passed), and the call that says it did. */
export function useAddedConfirmation(confirmMs: number) {
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  useEffect(() => {
    if (confirmedAt === null) return;
    const timer = window.setTimeout(() => setConfirmedAt(null), confirmMs);
    return () => window.clearTimeout(timer);
  }, [confirmedAt, confirmMs]);
  return [confirmedAt, () => setConfirmedAt(Date.now())] as const;
}

/** "Added to cart" beside an Add, announced (role="status"), while `shown`; `alone`: under a form's own button, centred in the block layout. */
export function AddedStatus({ shown, alone, label = "Added to cart" }: { shown: boolean; alone?: boolean; label?: string }) {
  if (alone) {
    return (
      <span className={`${styles.wrap} ${styles.block}`}>
        <AddedStatus shown={shown} label={label} />
      </span>
    );
  }
  return (
    <span role="status" className={styles.status}>
      {shown && (
        <span className={styles.confirm}>
          <IconGlyph name="check" size={14} strokeWidth={3} />
          {label}
        </span>
      )}
    </span>
  );
}
