import Link from "@/components/ui/link";
import { restaurantCardSource, type RestaurantCardSource } from "./format";
import { RestaurantTrack } from "./restaurant-track";
import type { CardWords } from "./restaurant-card";
import styles from "./restaurant-row.module.css";

type RestaurantRowProps = {
  id: string;
  title: string;
  /** The whole list in this order. */
  href: string;
  restaurants: RestaurantCardSource[];
  /** The first row on the page: its first photo is the screen's largest paint. */
  priority?: boolean;
  /** "See all" and the cards' words, in the request's language. */
  words: { seeAll: string; card: CardWords };
};

/** A titled row of restaurant cards above the home grid that scrolls sideways; its cards are RestaurantTrack's. */
export function RestaurantRow({ id, title, href, restaurants, priority = false, words }: RestaurantRowProps) {
  if (!restaurants.length) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <Link href={href} className={styles.all}>
          {words.seeAll}
          <span className="sr-only">: {title.toLowerCase()}</span>
        </Link>
      </div>
      {/* Only the fields a card shows go into the page's payload (restaurantCardSource). */}
      <RestaurantTrack restaurants={restaurants.map(restaurantCardSource)} priority={priority} className={styles.track} words={words.card} />
    </section>
  );
}
