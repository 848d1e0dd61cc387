import styles from "./sandbox-banner.module.css";

/** Production on the built-in test provider (PAYMENTS=test, a staging site): on every page, above everything, so nobody takes it for a live shop. */
export function SandboxBanner() {
  return (
    <aside aria-label="Test mode" className={styles.banner} data-test-mode-banner="">
      Test mode: no real money moves
    </aside>
  );
}
