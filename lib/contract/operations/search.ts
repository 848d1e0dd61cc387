import { searchQuerySchema } from "@/lib/validation/search";
import { searchResultSchema } from "../schemas";
import { op, anyone, type Operation } from "./define";

// Finding restaurants and dishes by text and filters (docs/architecture/search.md).

export const searchOperations: Operation[] = [
  op({
    method: "GET",
    path: "/api/search",
    resource: "Search",
    summary:
      "Restaurants and dishes matching a text (case, accents and typos forgiven) and filters, best match first; deactivated restaurants and their dishes are found, with `takingOrders: false`. " +
      "`cuisine` and `priceLevel` take comma-separated lists; no `q` browses by the filters; `limit=5` serves the search box's suggestions",
    access: anyone,
    paging: { unpaged: "two lists in one answer (restaurants and dishes), each paged by ?limit= and ?offset=: e2e/search/api.spec.ts pins its pages" },
    query: searchQuerySchema,
    ok: { description: "One page of each kind, the totals, the cuisine facets and, when the text matched nothing, the corrected text", schema: searchResultSchema },
  }),
];
