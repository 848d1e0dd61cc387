import type { Metadata } from "next";
import { SEARCH_RESULTS_PAGE } from "@/components/search/page-query";
import { readSearch } from "@/components/search/read-search";
import { SearchFilters } from "@/components/search/search-filters";
import { SearchForm } from "@/components/search/search-form";
import { SearchHead } from "@/components/search/search-head";
import { SearchResults } from "@/components/search/search-results";
import { search } from "@/lib/server/search";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { cardFeesOf } from "@/components/browse/card-fee";
import { otherMarketsOf } from "@/lib/server/pricing/card-fees";
import { marketPricing } from "@/lib/server/pricing/market";
import { cardFeeText } from "@/lib/shared/money/delivery-pricing-text";
import { errorTextIn } from "@/lib/server/platform/errors";

type SearchPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: SearchPageProps): Promise<Metadata> {
  const [{ query }, t] = await Promise.all([searchParams.then(readSearch), getT("browse.search")]);
  return { title: query.q ? t("metaTitle", { q: query.q }) : t("title") };
}

/** /search?q=&cuisine=&minRating=&priceLevel=&maxDeliveryMinutes=&maxDishPrice=&sort=: rendered from the URL (docs/architecture/search.md, "The search screens"). */
export default async function SearchPage({ searchParams }: SearchPageProps) {
  const { query, state, problems } = readSearch(await searchParams);
  // Dishes named in the reader's language where their owner gave it (the page is kept per language).
  const [locale, { search: searchWords, cardFee: feeWords }] = await Promise.all([requestLocale(), getWords("browse")]);
  const [found, market] = await Promise.all([search({ ...query, type: "all", limit: SEARCH_RESULTS_PAGE, offset: 0 }, locale), marketPricing()]);
  // Each card's fee line, from the server (the cards print it): the market's rule, or the restaurant's free delivery.
  const marketFee = cardFeeText(market, null, feeWords, locale);
  // A restaurant of a market in another currency: its market's fee and its own in that currency (its JSON's already is).
  const fees = cardFeesOf(found.restaurants.length ? await otherMarketsOf(found.restaurants) : new Map(), () => marketFee, feeWords, locale);
  const result = { ...found, restaurants: found.restaurants.map((r) => fees.withFee(r)) };
  const empty = !result.restaurants.length && !result.dishes.length;
  // Popular cuisines for an empty result: the cuisines with the most restaurants overall.
  const popular = empty ? Object.entries((await search({ q: undefined, type: "restaurants", sort: "best", limit: 1, offset: 0 })).facets.cuisine) : [];
  const active = ["open", "cuisine", "minRating", "priceLevel", "maxDeliveryMinutes", "maxDishPrice"].filter((key) => state[key as keyof typeof state]).length;

  return (
    <div className="container">
      <SearchForm
        head={<SearchHead state={state} problems={problems.map((problem) => errorTextIn(locale, problem))} />}
        filters={<SearchFilters state={state} facets={result.facets.cuisine} dishFacets={result.facets} />}
        active={active}
        words={{ filtersButton: searchWords.filtersButton, updating: searchWords.updating }}
      >
        <SearchResults
          state={state}
          result={result}
          popular={popular
            .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
            .slice(0, 6)
            .map(([cuisine]) => cuisine)}
        />
      </SearchForm>
    </div>
  );
}
