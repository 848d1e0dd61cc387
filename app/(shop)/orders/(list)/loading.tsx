import { PageHeader } from "@/components/ui/page-header";
import { getWords } from "@/lib/i18n/translate";
import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import styles from "@/components/orders/orders.module.css";

export default async function OrdersLoading() {
  const words = await getWords("orders");
  return (
    <div className="container">
      <PageHeader title={words.title} />
      <LoadingStatus label={words.loading} />
      <div className={styles.list}>
        {[0, 1, 2].map((n) => (
          <div key={n} className={styles.card}>
            <div className={styles.cardHead}>
              <Skeleton width="56px" height="56px" radius="var(--radius-md)" />
              <div className={styles.headText}>
                <Skeleton width="50%" height="1.25rem" />
                <Skeleton width="35%" height="0.875rem" className={styles.meta} />
              </div>
            </div>
            <Skeleton width="70%" />
            <Skeleton width="40%" height="2.25rem" radius="var(--radius-pill)" />
          </div>
        ))}
      </div>
    </div>
  );
}
