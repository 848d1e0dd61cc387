import type { Cuisine, RestaurantSort } from "@/lib/shared/constants";

/** /home with this cuisine and sort; the defaults (all cuisines, recommended) stay out of the URL. */
export function homeHref({ cuisine, sort }: { cuisine?: Cuisine; sort?: RestaurantSort }): string {
  const query = new URLSearchParams();
  if (cuisine) query.set("cuisine", cuisine);
  if (sort && sort !== "recommended") query.set("sort", sort);
  const text = query.toString();
  return text ? `/home?${text}` : "/home";
}
