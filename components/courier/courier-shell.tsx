import type { ReactNode } from "react";
import { BrandMark } from "@/components/shell/brand";
import { IconGlyph } from "@/components/ui/icons";
import Link from "@/components/ui/link";
import shell from "@/components/shell/shell.module.css";
import styles from "./courier.module.css";

/** The courier app's shell: a slim bar (the brand, the way back to the store), no search, no cart. */
export function CourierShell({ children }: { children: ReactNode }) {
  return (
    <div className={shell.shell}>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <Link href="/home" className={styles.barLink}>
            <IconGlyph name="chevronLeft" />
            Store
          </Link>
          <span className={styles.brand}>
            <BrandMark /> <span className={styles.tag}>Courier</span>
          </span>
        </div>
      </header>
      <main id="main" className={`${shell.main} ${shell.mainFull}`} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
