import { nearestZip } from "@/lib/server/geo/geocoder";
import { ApiError } from "@/lib/server/platform/errors";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { NO_ZIP_NEAR } from "@/lib/shared/messages";
import { nearestZipQuerySchema } from "@/lib/validation/search";

// GET /api/search/nearest-zip?lat=&lng= -> { zip, city, state, km } (the address form's "Use my
// location", docs/architecture/couriers.md "Places"): the known ZIP nearest the browser's position,
// from the offline geocoder's data; a 404 when none is within 40 km. The position is not kept.
export const GET = route(async (request) => {
  const { lat, lng } = parseQuery(request, nearestZipQuerySchema);
  const found = nearestZip({ lat, lng });
  if (!found) throw new ApiError("not_found", NO_ZIP_NEAR);
  return json(found);
});
