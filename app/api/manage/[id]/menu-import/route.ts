import { applyMenuImport } from "@/lib/server/menu/menu-file-import";
import { handle } from "@/lib/server/web/handle";
import { readMenuUpload } from "@/lib/server/web/menu-file-upload";

// handle() admits the restaurant's owner or a manager (its declaration) before one byte of the file is read (others: 404).
export const POST = handle("POST /api/manage/{id}/menu-import", async ({ request, user, params: { id } }) => applyMenuImport(user, id, await readMenuUpload(request)), {
  body: "handler",
});
