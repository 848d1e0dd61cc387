import type { Metadata } from "next";
import { CuisineChips } from "@/components/browse/cuisine-chips";
import { RestaurantFeed } from "@/components/browse/restaurant-feed";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { CUISINES, PAGE_SIZE, type Cuisine } from "@/lib/constants";
import { activeCuisines, listRestaurants, restaurantToJson } from "@/lib/server/restaurants";
import styles from "@/components/browse/browse-page.module.css";

type HomeProps = { searchParams: Promise<{ cuisine?: string | string[] }> };

/** ?cuisine= in any letter case; anything that is not one of the 20 cuisines means no filter. */
async function selectedCuisine(searchParams: HomeProps["searchParams"]): Promise<Cuisine | undefined> {
  const raw = (await searchParams).cuisine;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return CUISINES.find((cuisine) => cuisine.toLowerCase() === value);
}

export async function generateMetadata({ searchParams }: HomeProps): Promise<Metadata> {
  const cuisine = await selectedCuisine(searchParams);
  return { title: cuisine ? `${cuisine} restaurants near you` : "Restaurants near you" };
}

export default async function HomePage({ searchParams }: HomeProps) {
  const cuisine = await selectedCuisine(searchParams);
  const [page, available] = await Promise.all([
    listRestaurants({ cuisine, q: undefined, limit: PAGE_SIZE.default, offset: 0 }),
    activeCuisines(),
  ]);
  const restaurants = page.restaurants.map(restaurantToJson);

  return (
    <div className="container">
      <PageHeader title="Restaurants near you" subtitle="Fresh from local kitchens, delivered to your door." />
      <CuisineChips selected={cuisine} available={available} />
      <section aria-labelledby="restaurants-title" className={styles.section}>
        <h2 id="restaurants-title" className={styles.sectionTitle}>
          {cuisine ? `${cuisine} restaurants` : "All restaurants"}
        </h2>
        {restaurants.length ? (
          <RestaurantFeed key={cuisine ?? "all"} cuisine={cuisine} first={{ items: restaurants, nextOffset: page.nextOffset }} />
        ) : (
          <EmptyState icon="store" title="No restaurants found">
            {cuisine ? `No ${cuisine} restaurants are delivering right now. Try another cuisine.` : "Check back soon: new kitchens join every week."}
          </EmptyState>
        )}
      </section>
    </div>
  );
}
