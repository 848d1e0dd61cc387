import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { setMenuItemPhoto } from "@/lib/server/menu/owner-menu";
import { handle } from "@/lib/server/web/handle";
import { readPhotoUpload } from "@/lib/server/web/multipart";

// handle() admits the dish's restaurant's owner or a manager (its declaration) before one byte of the body is read (others: 404).
export const PUT = handle(
  "PUT /api/menu-items/{id}/photo",
  async ({ request, user, params: { id } }) => menuItemToJson(await setMenuItemPhoto(user, id, await readPhotoUpload(request))),
  { body: "handler" },
);
