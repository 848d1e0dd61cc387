import { confirmTextNumber } from "@/lib/server/texts/numbers";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/account/texts/{id}/confirm", async ({ user, params: { id }, body }) => ({ number: await confirmTextNumber(user, id, body.code) }));
