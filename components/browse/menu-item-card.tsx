import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/components/ui/format";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { AllergyWarning } from "@/components/menu/allergy-warning";
import { DishLabels, type LabelWords } from "@/components/menu/dish-labels";
import { AddToCartButton } from "./add-to-cart-button";
import { FoodPhoto } from "./food-photo";
import { toCartLine } from "./format";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./menu-item-card.module.css";

/** A card's words in the reader's language: the restaurant page's (the catalogue's dish and allergens), from the server (lib/server/web/card-words.ts). */
export type DishCardWords = Pick<Words<"dish">, "add" | "addNamed" | "added" | "notTaking" | "soldOut"> & { labels: LabelWords };

/** The prices' language, the restaurants priced in another currency than USD (lib/server/markets otherCurrencies) and the cards' words, from the server. */
export type CardMoney = { locale: Locale; currencies: Record<number, string>; words: DishCardWords };

export const MENU_ITEM_CARD_SIZES = "(min-width: 1100px) 220px, (min-width: 900px) 25vw, (min-width: 560px) 33vw, 50vw";

type MenuItemCardProps = {
  item: MenuItemJson;
  confirmMs: number;
  eager?: boolean;
  /** Drawn over the photo's corner (the favourites page puts the heart there). */
  corner?: ReactNode;
  money: CardMoney;
};

/** A dish in a grid: photo, name (links to the dish), restaurant link, price and "Add". */
export function MenuItemCard({ item, confirmMs, eager = false, corner, money }: MenuItemCardProps) {
  const currency = money.currencies[item.restaurantId];
  const { words } = money;
  const nameId = `dish-${item.id}-name`;
  const soldOut = item.soldOutUntil !== null;
  return (
    <article className={`${styles.card} ${soldOut ? styles.soldOut : ""}`} data-sold-out={soldOut || undefined}>
      <div className={styles.photo}>
        <FoodPhoto src={item.food_image} alt={item.name} sizes={MENU_ITEM_CARD_SIZES} eager={eager} />
        {corner && <div className={styles.corner}>{corner}</div>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name} id={nameId}>
          <Link href={`/menu-items/${item.id}`} data-focus-target>
            {item.name}
          </Link>
        </h3>
        <Link href={`/restaurants/${item.restaurantId}`} className={styles.restaurant}>
          {item.restaurant_name}
        </Link>
        <DishLabels item={item} words={words.labels} />
        <AllergyWarning allergens={item.allergens} mayContain={item.mayContain} />
        <div className={styles.buy}>
          <p className={styles.price}>{formatMoney(item.price, money.locale, currency)}</p>
          {soldOut ? (
            <span className={styles.soldOutTag}>{words.soldOut}</span>
          ) : (
            <AddToCartButton
              item={toCartLine(item, currency)}
              confirmMs={confirmMs}
              disabled={!item.restaurant.servicing}
              accessibleLabel={fill(words.addNamed, { name: item.name })}
              label={words.add}
              wide={false}
              addedLabel={words.added}
              disabledLabel={words.notTaking}
              allergens={item.allergens}
            />
          )}
        </div>
      </div>
    </article>
  );
}
