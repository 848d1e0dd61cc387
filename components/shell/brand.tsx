import styles from "./brand.module.css";

/** The name, a proper noun: the same in every language. */
const NAME = "Nosh";

/** The Nosh wordmark: a plate-and-fork mark and the name. */
export function BrandMark({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const classes = [styles.brand, inverted && styles.inverted, compact && styles.compact].filter(Boolean).join(" ");
  return (
    <span className={classes}>
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" />
        <circle cx="16" cy="16" r="9" fill="none" strokeWidth="2.5" />
        <path d="M16 9.5v13" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className={styles.name}>{NAME}</span>
    </span>
  );
}
