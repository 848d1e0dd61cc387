import { getT } from "@/lib/i18n/translate";
import styles from "./mode-banner.module.css";

/** Production on the built-in test provider (PAYMENTS=test, a staging site): on every page, above everything, so nobody takes it for a live shop. */
export async function TestModeBanner() {
  const t = await getT("profile");
  return (
    <aside aria-label={t("testMode.label")} className={styles.banner} data-test-mode-banner="">
      {t("testMode.text")}
    </aside>
  );
}
