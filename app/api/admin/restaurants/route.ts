import { listAdminRestaurants } from "@/lib/server/admin/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/restaurants", ({ operator, query }) => listAdminRestaurants(operator, query));
