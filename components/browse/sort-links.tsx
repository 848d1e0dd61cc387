import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import { RESTAURANT_SORTS, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import { homeHref } from "./home-links";
import { PendingHint } from "./pending-hint";
import styles from "./sort-links.module.css";

/** The home grid's order as links (?sort=), so each order has its own URL and renders on the server (`words`: browse.home). */
export function SortLinks({ sort, cuisine, open, words }: { sort: RestaurantSort; cuisine?: Cuisine; open?: boolean; words: Words<"browse">["home"] }) {
  return (
    <nav aria-labelledby="sort-label" className={styles.nav}>
      <span id="sort-label" className={styles.label}>
        {words.sortBy}
      </span>
      <ul className={styles.options}>
        {RESTAURANT_SORTS.map((option) => (
          <li key={option}>
            <Link href={homeHref({ cuisine, sort: option, open })} className={styles.option} aria-current={option === sort ? "page" : undefined} scroll={false}>
              {words.sorts[option]}
              <PendingHint />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
