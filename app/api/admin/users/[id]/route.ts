import { actOnUser, operatorUserDetail } from "@/lib/server/operators/users";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/users/{id}", ({ operator, params, query }) => operatorUserDetail(operator, params.id, query));

export const POST = handle("POST /api/admin/users/{id}", async ({ operator, params, body }) => ({ user: await actOnUser(operator, params.id, body) }));
