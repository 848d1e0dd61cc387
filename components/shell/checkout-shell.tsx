import type { ReactNode } from "react";
import { CheckoutBar } from "./checkout-bar";
import { Footer } from "./footer";
import styles from "./shell.module.css";

/** Checkout's shell: the minimal bar with 'Back to store' instead of the full top bar. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <CheckoutBar />
      <main id="main" className={`${styles.main} ${styles.mainFull}`} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
