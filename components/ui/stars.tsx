import { IconGlyph } from "./icons";
import styles from "./stars.module.css";

/** One to five stars, read as "4 out of 5 stars". */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars}>
      <span className="sr-only">{`${value} out of 5 stars`}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <IconGlyph key={n} name="star" size={size} className={n <= filled ? styles.on : styles.off} />
      ))}
    </span>
  );
}
