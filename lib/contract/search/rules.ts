import { z } from "zod";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { nameListParam } from "../menu/allergen-rules";
import { CUISINES, PRICE_LEVELS } from "@/lib/shared/constants";
import { openNowFilter, searchText, whole } from "../restaurants/browse-rules";
import { said } from "@/lib/shared/words/said";

// GET /api/search's query string (docs/architecture/search.md#search): every parameter optional,
// every bad value a 400 naming its field. Lists (cuisine, priceLevel) are comma-separated:
// `cuisine=Italian,Pizza`.

export const SEARCH_TYPES = ["all", "restaurants", "dishes"] as const;
export const SEARCH_SORTS = ["best", "rating", "delivery_time", "price"] as const;
export const SEARCH_PAGE_SIZE = { default: 20, max: 50 } as const;

const list = <T extends string>(field: string, values: readonly T[]) => {
  const message = said("rules.common.listSeparated", { field: field, list: values.join(", ") });
  return z
    .string()
    .transform((text) => text.split(",").map((value) => value.trim()))
    .refine((items) => items.length <= values.length && items.every((item) => (values as readonly string[]).includes(item)), message)
    .transform((items) => [...new Set(items)] as T[]);
};

export const searchQuerySchema = z.object({
  q: searchText,
  type: z
    .enum(SEARCH_TYPES, { error: said("rules.common.oneOfColon", { field: "type", list: SEARCH_TYPES.join(", ") }) })
    .optional()
    .default("all"),
  cuisine: list("cuisine", CUISINES).optional(),
  /** Restaurants whose mean rating (shown to one decimal) is at least this. */
  minRating: z
    .string()
    .regex(/^[0-5](\.\d)?$/, said("rules.search.minRating"))
    .transform(Number)
    .pipe(z.number().max(5, said("rules.search.minRating")))
    .optional(),
  priceLevel: list("priceLevel", PRICE_LEVELS).optional(),
  maxDeliveryMinutes: whole("maxDeliveryMinutes", 1, 1440).optional(),
  /** Dollars: restaurants with a dish at or under it, dishes at or under it. */
  maxDishPrice: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, said("rules.search.maxDishPrice"))
    .transform((text) => Math.round(Number(text) * 100))
    .optional(),
  /** Dishes carrying every one of these diet labels (vegan), restaurants with such a dish. */
  diet: nameListParam("diet", DIET_CODES).optional(),
  /** Dishes containing none of these allergens (no peanuts), restaurants with such a dish. */
  allergenFree: nameListParam("allergenFree", ALLERGENS).optional(),
  /** "true": only restaurants open now, and their dishes. */
  open: openNowFilter,
  sort: z
    .enum(SEARCH_SORTS, { error: said("rules.common.oneOfColon", { field: "sort", list: SEARCH_SORTS.join(", ") }) })
    .optional()
    .default("best"),
  limit: whole("limit", 1, SEARCH_PAGE_SIZE.max).optional().default(SEARCH_PAGE_SIZE.default),
  offset: whole("offset", 0, 100_000).optional().default(0),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A latitude or longitude in a query string: a decimal number within ±`limit` degrees. */
const degrees = (field: string, limit: number) =>
  z
    .string({ error: said("messages.required", { label: field }) })
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, said("rules.common.degreesOf", { field: field }))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, said("rules.search.between", { field: field, limit: limit, limit2: limit }))
        .max(limit, said("rules.search.between", { field: field, limit: limit, limit2: limit })),
    );

/** GET /api/search/nearest-zip's query: the browser's position ("Use my location"). */
export const nearestZipQuerySchema = z.object({ lat: degrees("lat", 90), lng: degrees("lng", 180) });

/** GET /api/search/locate's query: an address as one line ("ADDRESS, CITY, STATE, ZIP", lib/contract/zod-free/profile-rules.ts). */
export const locateQuerySchema = z.object({
  address: z.string({ error: said("messages.required", { label: "address" }) }).max(200, said("rules.common.atMost", { field: "address", count: "200" })),
});
