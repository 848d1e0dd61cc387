import { locateLine } from "@/lib/server/geo/place";
import { handle } from "@/lib/server/web/handle";

// Nothing is kept: the geocoder's own cache aside (docs/architecture/places.md "The geocoder").
export const GET = handle("GET /api/search/locate", async ({ query: { address } }) => locateLine(address));
