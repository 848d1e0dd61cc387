import Link from "@/components/ui/link";
import { CUISINES, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import { homeHref } from "./home-links";
import { PendingHint } from "./pending-hint";
import styles from "./cuisine-chips.module.css";

type CuisineChipsProps = {
  selected?: Cuisine;
  /** Cuisines at least one active restaurant serves; the others are shown disabled. */
  available: readonly string[];
  /** The order chosen (?sort=), kept when the cuisine changes. */
  sort?: RestaurantSort;
  /** The "Open now" filter (?open=true), kept too. */
  open?: boolean;
};

/**
 * The cuisine filter as links, so a filtered list has its own URL and renders on the server.
 * Choosing the selected cuisine again goes back to all restaurants.
 */
export function CuisineChips({ selected, available, sort, open: openNow }: CuisineChipsProps) {
  const open = new Set(available);
  const hrefFor = (cuisine?: Cuisine) => homeHref({ cuisine, sort, open: openNow });
  return (
    <nav aria-label="Cuisines" className={styles.nav}>
      <ul className={styles.row}>
        <li>
          <Link href={hrefFor()} className={styles.chip} aria-current={selected ? undefined : "page"} scroll={false}>
            All
            <PendingHint />
          </Link>
        </li>
        {CUISINES.map((cuisine) => (
          <li key={cuisine}>
            {open.has(cuisine) ? (
              <Link
                href={hrefFor(selected === cuisine ? undefined : cuisine)}
                className={styles.chip}
                aria-current={selected === cuisine ? "page" : undefined}
                scroll={false}
              >
                {cuisine}
                <PendingHint />
              </Link>
            ) : (
              <span role="link" aria-disabled="true" className={`${styles.chip} ${styles.disabled}`} title="No restaurants yet">
                {cuisine}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
