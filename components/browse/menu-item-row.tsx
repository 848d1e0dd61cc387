import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/components/ui/format";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { AllergyWarning } from "@/components/menu/allergy-warning";
import { DishLabels } from "@/components/menu/dish-labels";
import type { Locale } from "@/lib/i18n/locale";
import type { LabelWords } from "@/components/menu/dish-labels";
import { FoodPhoto } from "./food-photo";
import clamp from "@/components/ui/clamp.module.css";
import styles from "./restaurant-menu.module.css";

/**
 * A dish's Add, rendered by the server: the cart's (cart-add-button.tsx) on the restaurant page,
 * Add to the group on a group order's page.
 */
export type AddButton = (item: MenuItemJson) => ReactNode;

/** One dish on the restaurant page: text at the start, the thumbnail at the end; `soldOut` ("Sold out today") and the price in the request's language. */
export function MenuItemRow({
  item,
  addButton,
  soldOut: soldOutLabel,
  locale,
  currency,
  labels,
}: {
  item: MenuItemJson;
  addButton: AddButton;
  soldOut: string;
  locale: Locale;
  /** The restaurant's market's currency (the API's prices are in its unit); USD's when absent. */
  currency?: string;
  labels: LabelWords;
}) {
  // Sold out by its kitchen (docs/architecture/kitchen.md): greyed, no Add; the page is re-rendered when it is back.
  const soldOut = item.soldOutUntil !== null;
  return (
    <article
      className={`${styles.row} ${soldOut ? styles.soldOut : ""}`}
      data-sold-out={soldOut || undefined}
      data-diet={item.dietLabels.join(" ")}
      data-allergens={item.allergens.join(" ")}
    >
      <div className={styles.text}>
        <h3 className={styles.itemName}>
          <Link href={`/menu-items/${item.id}`} data-focus-target>
            {item.name}
          </Link>
        </h3>
        <p className={`${clamp.clamp} ${styles.description}`}>{item.description}</p>
        <DishLabels item={item} words={labels} />
        <AllergyWarning allergens={item.allergens} mayContain={item.mayContain} />
        <div className={styles.buy}>
          <p className={styles.price}>{formatMoney(item.price, locale, currency)}</p>
          {soldOut ? <span className={styles.soldOutTag}>{soldOutLabel}</span> : addButton(item)}
        </div>
      </div>
      <div className={styles.thumb}>
        <FoodPhoto src={item.food_image} alt={item.name} variant="sm" sizes="120px" />
      </div>
    </article>
  );
}
