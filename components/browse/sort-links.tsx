import Link from "@/components/ui/link";
import { RESTAURANT_SORT_LABELS, RESTAURANT_SORTS, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import { homeHref } from "./home-links";
import { PendingHint } from "./pending-hint";
import styles from "./sort-links.module.css";

/** The home grid's order as links (?sort=), so each order has its own URL and renders on the server. */
export function SortLinks({ sort, cuisine, open }: { sort: RestaurantSort; cuisine?: Cuisine; open?: boolean }) {
  return (
    <nav aria-labelledby="sort-label" className={styles.nav}>
      <span id="sort-label" className={styles.label}>
        Sort by
      </span>
      <ul className={styles.options}>
        {RESTAURANT_SORTS.map((option) => (
          <li key={option}>
            <Link href={homeHref({ cuisine, sort: option, open })} className={styles.option} aria-current={option === sort ? "page" : undefined} scroll={false}>
              {RESTAURANT_SORT_LABELS[option]}
              <PendingHint />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
