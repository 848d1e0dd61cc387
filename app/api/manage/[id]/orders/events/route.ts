import { deviceStreamWatch } from "@/lib/server/kitchen-devices/caller";
import { restaurantEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/orders/events", ({ request, user, params, kitchenDevice }) =>
  restaurantEventStream(request, user, params.id, kitchenDevice && deviceStreamWatch(kitchenDevice)),
);
