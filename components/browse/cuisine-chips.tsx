import Link from "@/components/ui/link";
import { CUISINES, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import type { Words } from "@/lib/i18n/words";
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
  /** browse.home's words and the cuisines' names (browse.card.cuisines), in the request's language. */
  words: Words<"browse">["home"];
  cuisines: Words<"browse">["card"]["cuisines"];
};

/**
 * The cuisine filter as links, so a filtered list has its own URL and renders on the server.
 * Choosing the selected cuisine again goes back to all restaurants.
 */
export function CuisineChips({ selected, available, sort, open: openNow, words, cuisines }: CuisineChipsProps) {
  const open = new Set(available);
  const hrefFor = (cuisine?: Cuisine) => homeHref({ cuisine, sort, open: openNow });
  return (
    <nav aria-label={words.cuisinesLabel} className={styles.nav}>
      <ul className={styles.row}>
        <li>
          <Link href={hrefFor()} className={styles.chip} aria-current={selected ? undefined : "page"} scroll={false}>
            {words.allCuisines}
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
                {cuisines[cuisine]}
                <PendingHint />
              </Link>
            ) : (
              <span role="link" aria-disabled="true" className={`${styles.chip} ${styles.disabled}`} title={words.noRestaurantsYet}>
                {cuisines[cuisine]}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
