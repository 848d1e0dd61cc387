import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import grid from "@/components/browse/grid.module.css";
import browse from "@/components/browse/browse-page.module.css";
import styles from "@/components/search/search-page.module.css";
import { getT } from "@/lib/i18n/translate";

/** While /search renders on arrival from another page (a change of filter keeps the page and dims the results instead). */
export default async function SearchLoading() {
  const t = await getT("browse.search");
  return (
    <div className="container">
      <LoadingStatus label={t("searching")} />
      <div className={browse.headerSkeleton}>
        <Skeleton width="min(420px, 80%)" height="2.25rem" />
        <Skeleton width="min(640px, 100%)" height="52px" radius="999px" />
      </div>
      <div className={styles.loadingLayout}>
        <div className={styles.loadingFilters}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} width="80%" />
          ))}
        </div>
        <div className={grid.grid}>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={browse.cardSkeleton}>
              <Skeleton className={browse.photoSkeleton} height="auto" radius="16px" />
              <Skeleton width="70%" height="1.25rem" />
              <Skeleton width="50%" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
