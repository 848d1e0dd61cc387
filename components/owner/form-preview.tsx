import { FoodPhoto } from "@/components/browse/food-photo";
import { DELIVERY_FEE_TEXT } from "@/components/browse/delivery-fee";
import { formatMoney } from "@/components/ui/format";
import { PRICE_LEVEL_SYMBOLS } from "@/lib/shared/constants";
import type { MenuItemFormValues, RestaurantFormValues } from "@/lib/validation/zod-free/form-values";
import styles from "./owner-form.module.css";

type FormPreviewProps = { photo: string; title: string; lines: string[]; caption: string };

/**
 * Beside the owner forms on wide screens: the card as customers will see it, updated as the
 * owner types. Decorative for assistive technology, which reads the form itself.
 */
export function FormPreview({ photo, title, lines, caption }: FormPreviewProps) {
  return (
    <aside className={styles.previewPane} aria-hidden="true">
      <p className={styles.previewCaption}>{caption}</p>
      <div className={styles.previewCard}>
        <div className={styles.previewPhoto}>
          <FoodPhoto src={photo} alt="" sizes="320px" />
        </div>
        <div className={styles.previewBody}>
          <p className={styles.previewTitle}>{title}</p>
          {lines.filter(Boolean).map((line, index) => (
            <p key={index} className={styles.previewLine}>
              {line}
            </p>
          ))}
        </div>
      </div>
    </aside>
  );
}

/** The restaurant form's preview: the card a customer will see. */
export function RestaurantPreview({ values: v }: { values: RestaurantFormValues }) {
  return (
    <FormPreview
      caption="Preview"
      photo={v.storeImage}
      title={v.name.trim() || "Your restaurant"}
      lines={[
        `${v.deliveryTime.trim() || "–"} min · ${DELIVERY_FEE_TEXT} delivery fee`,
        [v.cuisineType, PRICE_LEVEL_SYMBOLS[v.priceLevel as keyof typeof PRICE_LEVEL_SYMBOLS]].filter(Boolean).join(" · "),
        [v.city, v.state].filter(Boolean).join(", "),
      ]}
    />
  );
}

/** The menu item form's preview. */
export function MenuItemPreview({ values: v }: { values: MenuItemFormValues }) {
  const price = Number(v.price);
  return (
    <FormPreview
      caption="Preview"
      photo={v.foodImage}
      title={v.name.trim() || "Your dish"}
      lines={[v.price.trim() && price > 0 ? formatMoney(price) : "", v.description.trim()]}
    />
  );
}
