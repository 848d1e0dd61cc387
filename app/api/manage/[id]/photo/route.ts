import { json, parseId, readPhotoUpload, route } from "@/lib/server/web/http";
import { setRestaurantPhoto } from "@/lib/server/restaurants/manage";
import { getOwnedRestaurant } from "@/lib/server/restaurants/owned";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";

// PUT /api/manage/{id}/photo - multipart/form-data: the banner in `photo` (JPEG, PNG, WebP or AVIF
// by content, at most 10 MB) and an optional crop x, y, width, height -> { restaurant } with its new
// storeImage. Ownership is checked before one byte of the body is read (others: 404).
export const PUT = route<{ id: string }>(
  async (request, params) => {
    const id = parseId(params.id);
    const user = await requireUser();
    await getOwnedRestaurant(user, id);
    return json({ restaurant: restaurantToJson(await setRestaurantPhoto(user, id, await readPhotoUpload(request))) });
  },
  { body: "handler" },
);
