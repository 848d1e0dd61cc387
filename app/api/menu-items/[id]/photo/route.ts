import { json, parseId, readPhotoUpload, route } from "@/lib/server/web/http";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { getOwnedMenuItem, setMenuItemPhoto } from "@/lib/server/menu/owner-menu";
import { requireUser } from "@/lib/server/web/session";

// PUT /api/menu-items/{id}/photo - multipart/form-data: the dish photo in `photo` (JPEG, PNG, WebP or
// AVIF by content, at most 10 MB) and an optional crop x, y, width, height -> the item with its new
// food_image. Ownership is checked before one byte of the body is read (others: 404).
export const PUT = route<{ id: string }>(
  async (request, params) => {
    const id = parseId(params.id);
    const user = await requireUser();
    await getOwnedMenuItem(user, id);
    return json(menuItemToJson(await setMenuItemPhoto(user, id, await readPhotoUpload(request))));
  },
  { body: "handler" },
);
