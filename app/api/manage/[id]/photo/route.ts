import { setRestaurantPhoto } from "@/lib/server/restaurants/manage";
import { getOwnedRestaurant } from "@/lib/server/team/owned";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";
import { readPhotoUpload } from "@/lib/server/web/multipart";

// Ownership is checked before one byte of the body is read (others: 404).
export const PUT = handle(
  "PUT /api/manage/{id}/photo",
  async ({ request, user, params: { id } }) => {
    await getOwnedRestaurant(user, id);
    return { restaurant: await restaurantJson(await setRestaurantPhoto(user, id, await readPhotoUpload(request))) };
  },
  { body: "handler" },
);
