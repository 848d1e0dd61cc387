import { lowRatedCouriers } from "@/lib/server/courier-ratings/operator-lists";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-ratings/low", ({ operator, query }) => lowRatedCouriers(operator, query));
