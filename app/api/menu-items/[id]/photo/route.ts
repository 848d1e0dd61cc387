import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { getOwnedMenuItem, setMenuItemPhoto } from "@/lib/server/menu/owner-menu";
import { handle } from "@/lib/server/web/handle";
import { readPhotoUpload } from "@/lib/server/web/multipart";

// Ownership is checked before one byte of the body is read (others: 404).
export const PUT = handle(
  "PUT /api/menu-items/{id}/photo",
  async ({ request, user, params: { id } }) => {
    await getOwnedMenuItem(user, id);
    return menuItemToJson(await setMenuItemPhoto(user, id, await readPhotoUpload(request)));
  },
  { body: "handler" },
);
