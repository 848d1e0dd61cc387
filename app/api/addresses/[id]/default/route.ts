import { makeDefault } from "@/lib/server/addresses/book";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/addresses/{id}/default", async ({ user, params: { id } }) => makeDefault(user, id));
