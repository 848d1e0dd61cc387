import { PageHeader } from "@/components/ui/page-header";
import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import styles from "@/components/wallet/wallet.module.css";

export default function WalletLoading() {
  return (
    <div className="container">
      <PageHeader title="Wallet" />
      <LoadingStatus label="Loading your wallet…" />
      <div className={styles.layout}>
        <Skeleton height="220px" radius="var(--radius-xl)" />
        <div className={styles.statementSection}>
          <Skeleton width="30%" height="1.5rem" />
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height="64px" radius="var(--radius-md)" />
          ))}
        </div>
      </div>
    </div>
  );
}
