import { menuItemToJson, toggleLike } from "@/lib/server/menu/menu-items";
import { requestLocale } from "@/lib/i18n/translate";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/menu-items/{id}/like", async ({ user, params }) => menuItemToJson(await toggleLike(user.id, params.id), await requestLocale()));
