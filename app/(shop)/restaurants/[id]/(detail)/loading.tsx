import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import styles from "@/components/browse/restaurant-skeleton.module.css";

export default function RestaurantLoading() {
  return (
    <div className="container">
      <LoadingStatus label="Loading restaurant…" />
      <div className={styles.hero}>
        <Skeleton height="100%" radius="inherit" />
      </div>
      <div className={styles.intro}>
        <Skeleton width="min(360px, 70%)" height="2.25rem" />
        <Skeleton width="min(280px, 55%)" />
        <Skeleton width="min(640px, 90%)" />
      </div>
      <div className={styles.facts}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height="64px" radius="10px" />
        ))}
      </div>
      <div className={styles.list}>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={styles.row}>
            <div className={styles.text}>
              <Skeleton width="60%" height="1.1rem" />
              <Skeleton width="90%" />
              <Skeleton width="30%" />
            </div>
            <Skeleton width="104px" height="104px" radius="10px" className={styles.thumb} />
          </div>
        ))}
      </div>
    </div>
  );
}
