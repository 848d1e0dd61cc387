import type { Cuisine, RestaurantSort } from "@/lib/shared/constants";

/** /home with this cuisine, sort and "Open now" filter; the defaults (all cuisines, recommended, open or not) stay out of the URL. */
export function homeHref({ cuisine, sort, open }: { cuisine?: Cuisine; sort?: RestaurantSort; open?: boolean }): string {
  const query = new URLSearchParams();
  if (cuisine) query.set("cuisine", cuisine);
  if (sort && sort !== "recommended") query.set("sort", sort);
  if (open) query.set("open", "true");
  const text = query.toString();
  return text ? `/home?${text}` : "/home";
}
