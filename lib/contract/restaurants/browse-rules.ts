import { z } from "zod";
import { BOARD_PAGE_SIZE, CUISINES, PAGE_SIZE, RESTAURANT_SORTS } from "@/lib/shared/constants";
import { freeText } from "../common/field-rules";
import { MAX_ID } from "../common/id-rules";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { nameListParam } from "../menu/allergen-rules";
import { CURRENCY_CODES, DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { MARKET_SAID } from "../markets/rules";
import { said } from "@/lib/shared/words/said";

// Query strings of the browse endpoints: filters and paging, with the field named on error.

export const whole = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, said("rules.common.wholeNumber", { field: field }))
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, said("rules.common.atLeastValue", { field: field, min: min }))
        .max(max, said("rules.common.atMostValue", { field: field, max: max })),
    );

export const pagingSchema = z.object({
  limit: whole("limit", 1, PAGE_SIZE.max).optional().default(PAGE_SIZE.default),
  offset: whole("offset", 0, 100_000).optional().default(0),
});

/** A wallet's statement (GET /api/users/wallet/{id}/transactions): a page of one currency's rows, the default market's by default. */
export const walletStatementQuerySchema = pagingSchema.extend({
  currency: z
    .enum(CURRENCY_CODES as [string, ...string[]], { error: MARKET_SAID.currency })
    .optional()
    .default(DEFAULT_CURRENCY),
});

/** The owner's board (GET /api/manage/{id}/board): a page of its open orders, BOARD_PAGE_SIZE by default. */
export const boardPagingSchema = z.object({
  limit: whole("limit", 1, BOARD_PAGE_SIZE).optional().default(BOARD_PAGE_SIZE),
  offset: whole("offset", 0, 100_000).optional().default(0),
});

/** A search text (`q`): at most 100 characters, blank is no search. */
export const searchText = freeText("q")
  .max(100, said("rules.common.atMost", { field: "q", count: "100" }))
  .optional()
  .transform((q) => q || undefined);

/** `open=true`: only restaurants open at the time of the request (lib/shared/time/opening-hours.ts); the lists and search. */
export const openNowFilter = z
  .enum(["true", "false"], { error: said("rules.common.trueOrFalse", { field: "open" }) })
  .transform((v) => (v === "true" ? true : undefined))
  .optional();

export const restaurantQuerySchema = pagingSchema.extend({
  cuisine: z.enum(CUISINES, { error: said("rules.common.oneOfColon", { field: "cuisine", list: CUISINES.join(", ") }) }).optional(),
  q: searchText,
  /** Absent: by name (A-Z), as the API always listed them. */
  sort: z.enum(RESTAURANT_SORTS, { error: said("rules.common.oneOfColon", { field: "sort", list: RESTAURANT_SORTS.join(", ") }) }).optional(),
  /** "true": only restaurants open at the time of the request (lib/shared/time/opening-hours.ts). */
  open: openNowFilter,
});
export type RestaurantQuery = z.output<typeof restaurantQuerySchema>;

const IDS_MESSAGE = said("rules.browse.menuIds");

export const menuItemQuerySchema = pagingSchema.extend({
  /** A restaurant's dishes with every one of these diet labels, and without these allergens (docs/architecture/allergens.md). */
  diet: nameListParam("diet", DIET_CODES).optional(),
  allergenFree: nameListParam("allergenFree", ALLERGENS).optional(),
  restaurantId: whole("restaurantId", 1, MAX_ID).optional(),
  q: searchText,
  /** "4,17,23": those dishes only, whatever their restaurant's state (the cart's check). */
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,49}$/, IDS_MESSAGE)
    .refine((text) => text.split(",").every((id) => Number(id) <= MAX_ID), IDS_MESSAGE)
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .optional(),
});
export type MenuItemQuery = z.output<typeof menuItemQuerySchema>;

export type Paging = z.output<typeof pagingSchema>;

const coordinate = (field: string, limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, said("rules.common.degrees", { field: field }))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, said("rules.common.atLeastValue", { field: field, min: -limit }))
        .max(limit, said("rules.common.atMostValue", { field: field, max: limit })),
    );

/** Where an arrival is quoted to: `lat` and `lng` together, or an `address` to place. */
const arrivalPlace = {
  lat: coordinate("lat", 90).optional(),
  lng: coordinate("lng", 180).optional(),
  address: z
    .string()
    .trim()
    .min(1, said("rules.browse.addressEmpty"))
    .max(200, said("rules.common.atMost", { field: "address", count: "200" }))
    .optional(),
};
const latLngTogether = (query: { lat?: number; lng?: number }, ctx: z.RefinementCtx) => {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    ctx.addIssue({ code: "custom", path: [query.lat === undefined ? "lat" : "lng"], message: said("rules.browse.latLng") });
  }
};

/**
 * Where the arrival quoted before ordering is to (GET /api/restaurants/{id}/arrival): `lat` and
 * `lng` together, or an `address` to place; neither: the caller's saved place when signed in,
 * else no address (the spec's range).
 */
export const arrivalQuerySchema = z.object(arrivalPlace).superRefine(latLngTogether);

const RESTAURANT_IDS_MESSAGE = said("rules.browse.restaurantIds");

/** The cards' quotes (GET /api/restaurants/arrivals): `ids`, up to 50 restaurants, and where to. */
export const arrivalsQuerySchema = z
  .object({
    ids: z
      .string()
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,49}$/, RESTAURANT_IDS_MESSAGE)
      .refine((text) => text.split(",").every((id) => Number(id) <= MAX_ID), RESTAURANT_IDS_MESSAGE)
      .transform((text) => [...new Set(text.split(",").map(Number))]),
    ...arrivalPlace,
  })
  .superRefine(latLngTogether);
