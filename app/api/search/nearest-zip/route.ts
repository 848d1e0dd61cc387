import { nearestZip } from "@/lib/server/geo/geocoder";
import { ApiError } from "@/lib/server/platform/errors";
import { NO_ZIP_NEAR } from "@/lib/shared/messages";
import { handle } from "@/lib/server/web/handle";

// The position is not kept.
export const GET = handle("GET /api/search/nearest-zip", async ({ query: { lat, lng } }) => {
  const found = nearestZip({ lat, lng });
  if (!found) throw new ApiError("not_found", NO_ZIP_NEAR);
  return found;
});
