import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import grid from "@/components/browse/grid.module.css";
import styles from "@/components/browse/browse-page.module.css";

export default function HomeLoading() {
  return (
    <div className="container">
      <LoadingStatus label="Loading restaurants…" />
      <div className={styles.headerSkeleton}>
        <Skeleton width="min(420px, 80%)" height="2.25rem" />
        <Skeleton width="min(320px, 60%)" />
      </div>
      <div className={styles.chipsSkeleton}>
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} width="88px" height="40px" radius="999px" className={styles.chip} />
        ))}
      </div>
      <div className={grid.grid}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.cardSkeleton}>
            <Skeleton className={styles.photoSkeleton} height="auto" radius="16px" />
            <Skeleton width="70%" height="1.25rem" />
            <Skeleton width="50%" />
          </div>
        ))}
      </div>
    </div>
  );
}
