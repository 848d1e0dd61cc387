import { saveMenuTranslations } from "@/lib/server/menu/translations";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/translations", async ({ user, params, body }) => saveMenuTranslations(user, params.id, body));
