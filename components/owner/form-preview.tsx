import { FoodPhoto } from "@/components/browse/food-photo";
import { formatMoney } from "@/components/ui/format";
import { PRICE_LEVEL_SYMBOLS, type Cuisine } from "@/lib/shared/constants";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { MenuItemFormValues, RestaurantFormValues } from "@/lib/contract/zod-free/form-values";
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

/** The previews' words (the catalogue's menus.preview, its fee already filled in by the server). */
type PreviewWords = Words<"menus">["preview"];

/** The restaurant form's preview: the card a customer will see. */
export function RestaurantPreview({ values: v, words: w, cuisines }: { values: RestaurantFormValues; words: PreviewWords; cuisines: Record<Cuisine, string> }) {
  return (
    <FormPreview
      caption={w.caption}
      photo={v.storeImage}
      title={v.name.trim() || w.restaurant}
      lines={[
        fill(w.fee, { time: v.deliveryTime.trim() || "–" }),
        [cuisines[v.cuisineType as Cuisine] ?? v.cuisineType, PRICE_LEVEL_SYMBOLS[v.priceLevel as keyof typeof PRICE_LEVEL_SYMBOLS]].filter(Boolean).join(" · "),
        [v.city, v.state].filter(Boolean).join(", "),
      ]}
    />
  );
}

/** The menu item form's preview. */
export function MenuItemPreview({ values: v, words: w, locale }: { values: MenuItemFormValues; words: PreviewWords; locale: Locale }) {
  const price = Number(v.price);
  return (
    <FormPreview
      caption={w.caption}
      photo={v.foodImage}
      title={v.name.trim() || w.dish}
      lines={[v.price.trim() && price > 0 ? formatMoney(price, locale) : "", v.description.trim()]}
    />
  );
}
