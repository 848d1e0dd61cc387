import { restaurantEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/orders/events", ({ request, user, params }) => restaurantEventStream(request, user, params.id));
