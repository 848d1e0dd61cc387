import type { Metadata } from "next";
import type { ReactNode } from "react";
import { OperatorNav } from "@/components/operators/operator-nav";
import { ConsoleLocale, ConsoleZone } from "@/components/operators/local-time";
import styles from "@/components/operators/operators.module.css";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/web/page";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("admin");
  return { title: { template: t("shell.titleTemplate", { page: "%s" }), default: t("shell.title") }, robots: { index: false } };
}

// The operator console (docs/architecture/operator.md): its own slim shell, not the store's top
// bar. Every page checks the operator again (requireOperatorPage: anonymous -> /login, anyone
// else -> the 404 page), as a layout does not run on every navigation.
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperatorPage();
  const [{ shell }, locale] = await Promise.all([getWords("admin"), requestLocale()]);
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Link href="/admin" className={styles.brand}>
          {shell.brand} <span>{shell.brandOperator}</span>
        </Link>
        <span className={styles.who}>{operator.firstName}</span>
        <ConsoleZone className={styles.zone} label={shell.timesIn} />
        <Link href="/home" className={styles.exit}>
          {shell.backToStore}
        </Link>
      </header>
      <OperatorNav words={shell} />
      <main id="main" className={styles.main}>
        <ConsoleLocale locale={locale}>{children}</ConsoleLocale>
      </main>
    </div>
  );
}
