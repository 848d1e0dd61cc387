import { z } from "zod";
import { arrivalQuerySchema, arrivalsQuerySchema, pagingSchema, restaurantQuerySchema } from "@/lib/contract/restaurants/browse-rules";
import { restaurantCreateSchema } from "@/lib/contract/restaurants/rules";
import { offerSchema } from "../promotions/schemas";
import { arrivalQuoteSchema, onTimeSchema, restaurantPageSchema } from "./schemas";
import { op, withRestaurant, anyone, signedIn, member } from "../define";

// Browsing restaurants, and adding one.

export const restaurantOperations = [
  op("GET /api/restaurants", {
    summary: "Restaurants taking orders, one page; filter by cuisine, text or `open=true` (open at the time of the request), sort",
    access: anyone,
    paging: "limit-offset",
    query: restaurantQuerySchema,
    ok: { description: "One page", schema: restaurantPageSchema },
    fixture: { matrix: {}, list: { as: "anyone" } },
  }),
  op("GET /api/restaurants/{id}", {
    summary: "One restaurant",
    access: anyone,
    paging: { unpaged: "one restaurant" },
    ok: { description: "The restaurant", schema: withRestaurant },
    errors: { 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("GET /api/restaurants/{id}/promotions", {
    summary:
      'The restaurant\'s automatic offers not ended nor all used up (the page\'s badge, e.g. "20% off your first order"), each with `unavailable`: why the caller cannot take it now ("Starts Dec 5, 7:00 PM" in the restaurant\'s zone; signed in: "You\'ve used this offer", "For your first order here only") or null; codes are never listed',
    access: anyone,
    paging: { unpaged: "its automatic offers not ended, among those MAX_LIVE_PROMOTIONS (50)" },
    ok: { description: "The offers", schema: z.object({ offers: z.array(offerSchema) }) },
    errors: { 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("GET /api/restaurants/{id}/arrival", {
    summary:
      "The arrival quoted before ordering now, standard and priority, to `lat`/`lng` or an `address` (neither: the caller's saved place when signed in), from the kitchen's queue and prep time, the distance and the couriers free nearby; without an address the spec's 20-35 / 15-30 min moved by the kitchen's busy and paused minutes. With the restaurant's on-time record once it has 20 deliveries with a promise. Read as it is now: never kept",
    access: anyone,
    paging: { unpaged: "one restaurant's quote" },
    query: arrivalQuerySchema,
    ok: { description: "The quote and the on-time record", schema: z.object({ arrival: arrivalQuoteSchema, onTime: onTimeSchema }) },
    errors: { 400: "lat without lng (or the reverse), a coordinate out of range, or an address that cannot be placed (named)", 404: "Unknown restaurant" },
    fixture: { matrix: { path: { id: "$restaurant" }, query: { lat: "37.7599", lng: "-122.4148" } } },
  }),
  op("GET /api/restaurants/arrivals", {
    summary:
      "The arrivals quoted before ordering now for up to 50 restaurants (`ids`), as GET /api/restaurants/{id}/arrival quotes one: the cards' times. Restaurants unknown or not taking orders are left out",
    access: anyone,
    paging: { unpaged: "at most the 50 restaurants asked" },
    query: arrivalsQuerySchema,
    ok: { description: "The quotes, in the order asked", schema: z.object({ quotes: z.array(arrivalQuoteSchema) }) },
    errors: { 400: "ids missing or malformed, lat without lng, or an address that cannot be placed (named)" },
    fixture: { matrix: { query: { ids: "$restaurant", lat: "37.7599", lng: "-122.4148" } } },
  }),
  op("GET /api/restaurants/current", {
    summary: "The caller's own restaurants, newest first",
    access: signedIn,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "One page", schema: restaurantPageSchema },
    fixture: { matrix: {}, list: { as: "owner" } },
  }),
  op("POST /api/restaurants", {
    summary:
      "Add a restaurant; the caller becomes its owner. The weekly schedule (`hours`) is the one source of the hours: `businessHours` is written from it (text sent is checked, required without `hours`, and ignored). An account adds at most RESTAURANTS_PER_DAY (3) in any 24 hours and owns at most RESTAURANTS_PER_ACCOUNT (30), and RESTAURANTS_UNVERIFIED (3) until its email is verified (docs/deploying.md)",
    access: member,
    body: restaurantCreateSchema,
    ok: { status: 201, description: "The new restaurant", schema: withRestaurant },
    errors: {
      403: "Guest accounts cannot add a restaurant",
      409: "The account owns the most restaurants it may (in all, or until its email is verified)",
      429: "The account added the most restaurants a day allows (Retry-After)",
    },
    fixture: { matrix: { body: "$restaurantBody" }, fuzz: { valid: "$restaurantBody" } },
  }),
];
