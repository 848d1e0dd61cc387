import { limitToCard } from "@/lib/server/cash/admin";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/admin/users/{id}/card-only", async ({ operator, params, body }) => limitToCard(operator, params.id, body.cardOnly, body.reason));
