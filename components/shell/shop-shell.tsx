import type { ReactNode } from "react";
import { LiveOrdersBanner } from "@/components/orders/live-orders-banner";
import { BrandMark } from "./brand";
import { Footer } from "./footer";
import { SearchBox } from "./search-box";
import { TopBar } from "./top-bar";
import styles from "./shell.module.css";

/** The full store shell: skip link, top bar, the live banner of open orders, the page as <main>, footer. */
export function ShopShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <TopBar brand={<BrandMark compact />} search={<SearchBox />} />
      <LiveOrdersBanner />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
