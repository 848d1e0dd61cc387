import { IconGlyph } from "./icons";
import styles from "./stars.module.css";

/** One to five stars, read as `label` ("4 out of 5 stars", from the caller's words). */
export function Stars({ value, label, size = 16 }: { value: number; label: string; size?: number }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars}>
      <span className="sr-only">{label}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <IconGlyph key={n} name="star" size={size} className={n <= filled ? styles.on : styles.off} />
      ))}
    </span>
  );
}
