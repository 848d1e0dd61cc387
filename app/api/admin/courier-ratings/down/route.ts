import { recentThumbsDown } from "@/lib/server/courier-ratings/operator-lists";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-ratings/down", ({ operator, query }) => recentThumbsDown(operator, query));
