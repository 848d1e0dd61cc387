import { orderEventStream, restaurantFilter } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/orders/events", async ({ request, user, params }) =>
  orderEventStream(request, user, await restaurantFilter(user, params.id)),
);
