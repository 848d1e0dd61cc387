import { listAdminRestaurants } from "@/lib/server/operators/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/restaurants", ({ operator, query }) => listAdminRestaurants(operator, query));
