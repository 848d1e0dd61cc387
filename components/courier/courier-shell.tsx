import type { ReactNode } from "react";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { BrandMark } from "@/components/shell/brand";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import shell from "@/components/shell/shell.module.css";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import styles from "./courier.module.css";

/** The courier app's shell: a slim bar (the way back to the store, the brand, the same bell as the store's top bar), no search, no cart. */
export async function CourierShell({ children }: { children: ReactNode }) {
  const [t, profile, locale] = await Promise.all([getT("courier"), getWords("profile"), requestLocale()]);
  return (
    <div className={shell.shell}>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <Link href="/home" className={styles.barLink}>
            <IconGlyph name="chevronLeft" />
            {t("shell.store")}
          </Link>
          <span className={styles.brand}>
            <BrandMark /> <span className={styles.tag}>{t("shell.courier")}</span>
          </span>
          <NotificationBell words={profile.bell} locale={locale} />
        </div>
      </header>
      <main id="main" className={`${shell.main} ${shell.mainFull}`} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
