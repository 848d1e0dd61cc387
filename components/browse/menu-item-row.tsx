import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/components/ui/format";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu-items";
import { AddToCartButton } from "./add-to-cart-button";
import { ChooseOptionsButton } from "./choose-options-button";
import { FoodPhoto } from "./food-photo";
import { dishSource, hasChoices, toCartLine } from "./format";
import styles from "./restaurant-menu.module.css";

/** Another Add than the cart's for a dish (a group order's page: Add to the group), rendered by the server. */
export type AddButton = (item: MenuItemJson) => ReactNode;

/** One dish on the restaurant page: text on the left, the thumbnail on the right. */
export function MenuItemRow({ item, orderable, addButton }: { item: MenuItemJson; orderable: boolean; addButton?: AddButton }) {
  return (
    <article className={styles.row}>
      <div className={styles.text}>
        <h3 className={styles.itemName}>
          <Link href={`/menu-items/${item.id}`} data-focus-target>
            {item.name}
          </Link>
        </h3>
        <p className={styles.description}>{item.description}</p>
        <div className={styles.buy}>
          <p className={styles.price}>{formatMoney(item.price)}</p>
          {addButton ? (
            addButton(item)
          ) : hasChoices(item) ? (
            <ChooseOptionsButton item={dishSource(item)} disabled={!orderable} />
          ) : (
            <AddToCartButton item={toCartLine(item)} confirmMs={ADD_TO_CART_CONFIRM_MS.restaurant} disabled={!orderable} accessibleLabel={`Add ${item.name} to cart`} />
          )}
        </div>
      </div>
      <div className={styles.thumb}>
        <FoodPhoto src={item.food_image} alt={item.name} variant="sm" sizes="120px" />
      </div>
    </article>
  );
}
