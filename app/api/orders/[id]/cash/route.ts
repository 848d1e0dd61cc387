import { cashChoiceOf } from "@/lib/server/cash/choice";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/cash", ({ user, params }) => cashChoiceOf(user, params.id));
