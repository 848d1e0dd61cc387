import Link from "@/components/ui/link";
import { FoodPhoto } from "@/components/browse/food-photo";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import type { FoodType } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { SoldOutToggle } from "./sold-out-toggle";
import styles from "./owner.module.css";

/** The owner's menu, newest dish first, each with its sold-out switch and its edit and delete links. */
export function OwnerMenuList({
  items,
  words: w,
  foodTypes,
  locale,
}: {
  items: MenuItemJson[];
  words: Words<"menus">["menu"];
  foodTypes: Record<FoodType, string>;
  locale: Locale;
}) {
  return (
    <ul className={styles.dishes} aria-label={w.items}>
      {items.map((item) => (
        <li key={item.id} className={styles.dish}>
          <div className={styles.dishPhoto} aria-hidden="true">
            <FoodPhoto src={item.food_image} alt="" variant="sm" sizes="88px" />
          </div>
          <div className={styles.dishBody}>
            <h2 className={styles.dishName}>{item.name}</h2>
            <p className={styles.meta}>
              {foodTypes[item.food_type as FoodType] ?? item.food_type} <span aria-hidden="true">·</span>{" "}
              <strong className={styles.price}>{formatMoney(item.price, locale)}</strong>
            </p>
            <p className={styles.dishText}>{item.description}</p>
          </div>
          <div className={styles.dishActions}>
            <SoldOutToggle restaurantId={item.restaurantId} item={{ id: item.id, name: item.name, soldOutUntil: item.soldOutUntil }} words={w.soldOut} />
            <Link href={`/menu-items/${item.id}/update`} className={buttonClass({ variant: "secondary", size: "small" })}>
              {w.edit}
              <span className="sr-only"> {item.name}</span>
            </Link>
            <Link href={`/menu-items/${item.id}/delete`} className={`${buttonClass({ variant: "ghost", size: "small" })} ${styles.danger}`}>
              {w.delete}
              <span className="sr-only"> {item.name}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
