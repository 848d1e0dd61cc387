import { locateQuerySchema, nearestZipQuerySchema, searchQuerySchema } from "@/lib/contract/search/rules";
import { locatedSchema, nearestZipSchema, searchResultSchema } from "./schemas";
import { op, anyone } from "../define";

// Finding restaurants and dishes by text and filters (docs/architecture/search.md).

export const searchOperations = [
  op("GET /api/search", {
    summary:
      "Restaurants and dishes matching a text (case, accents and typos forgiven) and filters, best match first; deactivated restaurants and their dishes are found, with `takingOrders: false`. " +
      "`cuisine` and `priceLevel` take comma-separated lists; no `q` browses by the filters; `limit=5` serves the search box's suggestions. " +
      "`diet` (dishes with every label listed) and `allergenFree` (dishes with none of the allergens listed) keep the restaurants with such a dish; `facets.diet` and `facets.allergenFree` count the dishes",
    access: anyone,
    paging: { unpaged: "two lists in one answer (restaurants and dishes), each paged by ?limit= and ?offset=: e2e/search/api.spec.ts pins its pages" },
    query: searchQuerySchema,
    ok: { description: "One page of each kind, the totals, the cuisine facets and, when the text matched nothing, the corrected text", schema: searchResultSchema },
    fixture: { matrix: { query: { q: "$itemName" } } },
  }),
  op("GET /api/search/nearest-zip", {
    summary:
      "The known US ZIP code nearest a position, with its city and state (the address form's \"Use my location\"): matched on the server's offline ZIP data, nothing fetched elsewhere and the position not kept",
    access: anyone,
    paging: { unpaged: "one ZIP code" },
    query: nearestZipQuerySchema,
    ok: { description: "The nearest ZIP code, its city and state, and how far its centre is", schema: nearestZipSchema },
    errors: { 404: "No known ZIP code within 40 km of the position (abroad, at sea)" },
    fixture: { matrix: { query: { lat: "37.7596", lng: "-122.4269" } } },
  }),
  op("GET /api/search/locate", {
    summary:
      "Where the geocoder in use places an address typed as one line, and how precisely (docs/architecture/places.md \"A guest's address\"): a guest's checkout asks for a pin when only the ZIP code's centre is found. Nothing is kept",
    access: anyone,
    paging: { unpaged: "one place" },
    query: locateQuerySchema,
    ok: { description: "The address's parts, its point and its precision, and its ZIP code's centre", schema: locatedSchema },
    errors: { 400: "Not an address line (the spec's message), or a ZIP code the geocoder does not know, naming `address`" },
    fixture: { matrix: { query: { address: "41 Valencia St, San Francisco, CA 94103" } } },
  }),
];
