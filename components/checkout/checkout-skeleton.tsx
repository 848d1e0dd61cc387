import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import styles from "./checkout.module.css";

/** The checkout's shape while the stored order is re-fetched. */
export function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.layout}>
      <LoadingStatus label={label} />
      <div className={styles.main}>
        {[0, 1, 2].map((n) => (
          <div key={n} className={styles.section}>
            <Skeleton width="40%" height="1.5rem" />
            <Skeleton height="64px" radius="var(--radius-md)" />
            <Skeleton height="64px" radius="var(--radius-md)" />
          </div>
        ))}
      </div>
      <div className={styles.side}>
        <Skeleton height="360px" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}
