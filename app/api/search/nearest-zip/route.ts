import { nearestZip } from "@/lib/server/geo/geocoder";
import { ApiError } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

// The position is not kept.
export const GET = handle("GET /api/search/nearest-zip", async ({ query: { lat, lng } }) => {
  const found = nearestZip({ lat, lng });
  if (!found) throw new ApiError("not_found", said("messages.noZipNear"));
  return found;
});
