import { previewMenuImport } from "@/lib/server/menu/menu-file-import";
import { assertOwnsRestaurant } from "@/lib/server/team/owned";
import { handle } from "@/lib/server/web/handle";
import { readMenuUpload } from "@/lib/server/web/menu-file-upload";

// Ownership is checked before one byte of the file is read (others: 404).
export const POST = handle(
  "POST /api/manage/{id}/menu-import/preview",
  async ({ request, user, params: { id } }) => {
    await assertOwnsRestaurant(user, id);
    return previewMenuImport(user, id, await readMenuUpload(request));
  },
  { body: "handler" },
);
