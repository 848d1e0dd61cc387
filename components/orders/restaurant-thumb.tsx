import { FoodPhoto, photoSrc } from "@/components/browse/food-photo";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./restaurant-thumb.module.css";

/** A restaurant's small square photo (decorative: its name is always beside it). */
export function RestaurantThumb({ src, size = 48 }: { src: string | null; size?: number }) {
  const local = src ? photoSrc(src, "sm") : null;
  return (
    <span className={styles.thumb} style={{ width: size, height: size }}>
      {local ? <FoodPhoto src={local} alt="" variant="sm" sizes={`${size}px`} /> : <IconGlyph name="store" size={Math.round(size / 2.2)} />}
    </span>
  );
}
