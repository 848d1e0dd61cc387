import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./feature-coming-soon.module.css";

/** What any unknown path shows (spec section 2): 'Feature Coming Soon!'. */
export function FeatureComingSoon() {
  return (
    <div className={`container ${styles.wrap}`}>
      <span className={styles.icon}>
        <IconGlyph name="utensils" size={44} strokeWidth={1.6} />
      </span>
      <h1 className={styles.title}>Feature Coming Soon!</h1>
      <p className={styles.text}>We are still cooking this one up. In the meantime, there is plenty on the menu.</p>
      <Link href="/" className={buttonClass({ size: "large" })}>
        Back to home
      </Link>
    </div>
  );
}
