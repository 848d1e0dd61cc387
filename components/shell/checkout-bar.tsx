import Link from "next/link";
import { IconGlyph } from "@/components/ui/icons";
import { BrandMark } from "./brand";
import styles from "./checkout-bar.module.css";

/** Checkout's minimal bar (spec section 2): the way back to the store and the brand, nothing else. */
export function CheckoutBar() {
  return (
    <header className={styles.bar}>
      <div className={`container ${styles.inner}`}>
        <Link href="/home" className={styles.back}>
          <IconGlyph name="chevronLeft" />
          Back to store
        </Link>
        <BrandMark />
        <span className={styles.spacer} />
      </div>
    </header>
  );
}
