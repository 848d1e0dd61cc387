import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import cardStyles from "./review-card.module.css";
import styles from "./reviews.module.css";
import { getT } from "@/lib/i18n/translate";

function CardSkeleton() {
  return (
    <div className={cardStyles.card} aria-hidden="true">
      <div className={cardStyles.cardHead}>
        <Skeleton width="40px" height="40px" radius="999px" />
        <div className={cardStyles.who}>
          <Skeleton width="8rem" height="1rem" />
          <Skeleton width="5rem" height="0.8rem" />
        </div>
      </div>
      <Skeleton width="12rem" height="1rem" />
      <Skeleton width="100%" height="0.9rem" />
      <Skeleton width="70%" height="0.9rem" />
    </div>
  );
}

/** The skeleton of both review pages: a header, (with a summary), then cards. */
export async function ReviewsLoading({ withSummary }: { withSummary: boolean }) {
  const t = await getT("browse.reviews.pages");
  const cards = (
    <div className={`${cardStyles.list} ${withSummary ? "" : cardStyles.grid}`}>
      {Array.from({ length: 4 }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
  return (
    <div className="container">
      <LoadingStatus label={t("loading")} />
      <div className={styles.loadingHead}>
        <Skeleton width="min(420px, 80%)" height="2.25rem" />
        <Skeleton width="min(280px, 60%)" />
      </div>
      {withSummary ? (
        <div className={styles.layout}>
          <div className={styles.aside}>
            <Skeleton width="100%" height="150px" radius="16px" />
          </div>
          {cards}
        </div>
      ) : (
        <div className={styles.mine}>{cards}</div>
      )}
    </div>
  );
}
