import { decideAppeal } from "@/lib/server/courier-record/appeals";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/courier-appeals/{id}", ({ operator, params, body }) => decideAppeal(operator, params.id, body));
