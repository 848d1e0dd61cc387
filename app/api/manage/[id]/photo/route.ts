import { setRestaurantPhoto } from "@/lib/server/restaurants/manage";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";
import { readPhotoUpload } from "@/lib/server/web/multipart";

// The owner is checked (setRestaurantPhoto) before one byte of the body is read (others: 404).
export const PUT = handle(
  "PUT /api/manage/{id}/photo",
  async ({ request, user, params: { id } }) => ({ restaurant: await restaurantJson(await setRestaurantPhoto(user, id, () => readPhotoUpload(request))) }),
  { body: "handler" },
);
