import Link from "@/components/ui/link";
import { RestaurantCard, type RestaurantSummary } from "./restaurant-card";
import styles from "./restaurant-row.module.css";

// A row card's rendered width (restaurant-row.module.css): most of a phone, a quarter of the page wider.
const ROW_CARD_SIZES = "(min-width: 1100px) 280px, (min-width: 768px) 260px, 75vw";

type RestaurantRowProps = {
  id: string;
  title: string;
  /** The whole list in this order. */
  href: string;
  restaurants: RestaurantSummary[];
  /** The first row on the page: its first photo is the screen's largest paint. */
  priority?: boolean;
};

/** A titled row of restaurant cards above the home grid that scrolls sideways; server-rendered. */
export function RestaurantRow({ id, title, href, restaurants, priority = false }: RestaurantRowProps) {
  if (!restaurants.length) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <Link href={href} className={styles.all}>
          See all<span className="sr-only">: {title.toLowerCase()}</span>
        </Link>
      </div>
      <ul className={styles.track}>
        {restaurants.map((restaurant, index) => (
          <li key={restaurant.id}>
            <RestaurantCard restaurant={restaurant} sizes={ROW_CARD_SIZES} eager={priority && index < 2} preload={priority && index === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
