"use client";
import { useState } from "react";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu-items";
import { AddToCartButton } from "./add-to-cart-button";
import { toCartLine } from "./format";
import { QuantityStepper } from "./quantity-stepper";
import styles from "./item-detail.module.css";

/** Quantity and "Add to cart" on the item page; the confirmation lasts 2 s. */
export function ItemPurchase({ item, orderable }: { item: MenuItemJson; orderable: boolean }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <div className={styles.purchase}>
      <QuantityStepper value={quantity} onChange={setQuantity} />
      <div className={styles.addCell}>
        <AddToCartButton
          item={toCartLine(item)}
          quantity={quantity}
          confirmMs={ADD_TO_CART_CONFIRM_MS.item}
          disabled={!orderable}
          label="Add to cart"
          size="large"
          block
        />
      </div>
    </div>
  );
}
