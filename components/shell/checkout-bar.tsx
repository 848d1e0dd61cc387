import { IconGlyph } from "@/components/ui/icons";
import { BackToStoreLink } from "./back-to-store-link";
import { BrandMark } from "./brand";
import { getT } from "@/lib/i18n/translate";
import styles from "./checkout-bar.module.css";

/** Checkout's minimal bar: the way back to the store and the brand, nothing else. */
export async function CheckoutBar() {
  const t = await getT("profile");
  return (
    <header className={styles.bar}>
      <div className={`container ${styles.inner}`}>
        <BackToStoreLink className={styles.back}>
          <IconGlyph name="chevronLeft" />
          {t("shell.backToStore")}
        </BackToStoreLink>
        <BrandMark />
        <span className={styles.spacer} />
      </div>
    </header>
  );
}
