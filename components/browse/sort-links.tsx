import { SegmentedLinks } from "@/components/ui/segmented-links";
import type { Words } from "@/lib/i18n/words";
import { RESTAURANT_SORTS, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import { homeHref } from "./home-links";
import { PendingHint } from "./pending-hint";

/** The home grid's order as links (?sort=), so each order has its own URL and renders on the server (`words`: browse.home). */
export function SortLinks({ sort, cuisine, open, words }: { sort: RestaurantSort; cuisine?: Cuisine; open?: boolean; words: Words<"browse">["home"] }) {
  const links = RESTAURANT_SORTS.map((option) => ({
    key: option,
    href: homeHref({ cuisine, sort: option, open }),
    label: (
      <>
        {words.sorts[option]}
        <PendingHint />
      </>
    ),
    current: option === sort,
  }));
  return <SegmentedLinks id="sort-label" label={words.sortBy} links={links} />;
}
