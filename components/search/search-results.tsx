import Link from "@/components/ui/link";
import { MenuItemCard } from "@/components/browse/menu-item-card";
import { RestaurantCard } from "@/components/browse/restaurant-card";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/select-field";
import type { SearchResultJson } from "@/lib/contract/search/schemas";
import { ADD_TO_CART_CONFIRM_MS } from "@/lib/shared/constants";
import { SEARCH_SORTS } from "@/lib/contract/search/rules";
import grid from "@/components/browse/grid.module.css";
import chips from "@/components/browse/cuisine-chips.module.css";
import { MoreResultsFeed } from "./more-results-feed";
import { SEARCH_RESULTS_PAGE } from "./page-query";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { cardMoney, restaurantCardWords } from "@/lib/server/web/card-words";
import { fill } from "@/lib/shared/words/fill";
import { SEARCH_PARAMS, searchHref, type SearchState } from "./search-href";
import styles from "./search-page.module.css";

const count = (n: number, one: string, many: string) => fill(n === 1 ? one : many, { count: n });
const nextOffset = (shown: number, total: number) => (shown === SEARCH_RESULTS_PAGE && shown < total ? shown : null);

type SearchResultsProps = {
  state: SearchState;
  result: SearchResultJson;
  /** For an empty result: cuisines to try instead. */
  popular: string[];
};

/**
 * The restaurants and dishes found, the first page rendered here and each kind with "Show more"
 * (more-results-feed.tsx), or an empty result with the closest spelling and popular cuisines.
 */
export async function SearchResults({ state, result, popular }: SearchResultsProps) {
  const [{ lists, search: w }, locale, money] = await Promise.all([getWords("browse"), requestLocale(), cardMoney()]);
  // The dishes' prices in the reader's language and their restaurant's market's currency, the cards' words in the reader's.
  const card = restaurantCardWords(locale);
  const { restaurants, dishes, total, suggestion } = result;
  const empty = !restaurants.length && !dishes.length;
  const filtered = SEARCH_PARAMS.some((key) => key !== "q" && key !== "sort" && state[key]);
  // The feeds' query: this search's filters, as the API reads them.
  const api = new URLSearchParams(Object.entries(state).filter(([, value]) => value) as [string, string][]).toString();
  const more = { restaurants: nextOffset(restaurants.length, total.restaurants), dishes: nextOffset(dishes.length, total.dishes) };

  if (empty) {
    return (
      <EmptyState icon="search" title={state.q ? fill(w.noResultsFor, { q: state.q }) : w.noResults}>
        {suggestion && (
          <p className={styles.didYouMean}>
            {w.didYouMean}
            <Link href={searchHref({ q: suggestion })}>{suggestion}</Link>
            {w.didYouMeanEnd}
          </p>
        )}
        {filtered && (
          <p>
            {w.fewer}
            <Link href={searchHref({ q: state.q })}>{w.withoutFilters}</Link>
            {w.fewerEnd}
          </p>
        )}
        {popular.length > 0 && (
          <nav aria-label={w.popular} className={styles.popular}>
            <p>{w.popularColon}</p>
            <ul>
              {popular.map((cuisine) => (
                <li key={cuisine}>
                  <Link href={searchHref({ cuisine })} className={chips.chip}>
                    {card.cuisines[cuisine as keyof typeof card.cuisines] ?? cuisine}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </EmptyState>
    );
  }

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.summary}>
          {count(total.restaurants, w.restaurantOne, w.restaurantMany)} <span aria-hidden="true">·</span> {count(total.dishes, w.dishOne, w.dishMany)}
        </p>
        <SelectField label={w.sortBy} name="sort" defaultValue={state.sort ?? "best"} className={styles.sort}>
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {w.sorts[sort]}
            </option>
          ))}
        </SelectField>
      </div>
      {suggestion && (
        <p className={styles.notice}>
          {fill(w.showingFor, { q: state.q ?? "" })}
          <Link href={searchHref({ ...state, q: suggestion })}>{suggestion}</Link>
          {w.instead}
        </p>
      )}
      {restaurants.length > 0 && (
        <section aria-labelledby="search-restaurants-title" className={`${styles.section} ${styles.restaurants}`}>
          <h2 id="search-restaurants-title" className={styles.sectionTitle}>
            {w.restaurants}
          </h2>
          <ul className={grid.grid}>
            {restaurants.map((restaurant, index) => (
              <li key={restaurant.id}>
                <RestaurantCard restaurant={restaurant} eager={index < 3} preload={index === 0} words={card} />
              </li>
            ))}
          </ul>
          {more.restaurants !== null && (
            <MoreResultsFeed
              key={api}
              kind="restaurants"
              search={api}
              offset={more.restaurants}
              shown={restaurants.map((r) => r.id)}
              gridClass={`${grid.grid} ${styles.more}`}
              words={{ card, more: lists.moreRestaurants, noun: lists.restaurants, failed: lists.restaurantsFailed, loaded: lists.loaded, loading: lists.loading }}
            />
          )}
        </section>
      )}
      {dishes.length > 0 && (
        <section aria-labelledby="search-dishes-title" className={`${styles.section} ${styles.dishes}`}>
          <h2 id="search-dishes-title" className={styles.sectionTitle}>
            {w.dishes}
          </h2>
          <ul className={`${grid.grid} ${grid.items}`}>
            {dishes.map((dish, index) => (
              <li key={dish.id}>
                <MenuItemCard item={dish} confirmMs={ADD_TO_CART_CONFIRM_MS.item} eager={!restaurants.length && index < 4} money={money} />
              </li>
            ))}
          </ul>
          {more.dishes !== null && (
            <MoreResultsFeed
              key={api}
              kind="dishes"
              search={api}
              offset={more.dishes}
              shown={dishes.map((d) => d.id)}
              gridClass={`${grid.grid} ${grid.items} ${styles.more}`}
              words={{ card, more: lists.moreDishes, noun: lists.dishes, failed: lists.dishesFailed, loaded: lists.loaded, loading: lists.loading }}
              money={money}
            />
          )}
        </section>
      )}
    </>
  );
}
