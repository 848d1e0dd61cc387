import { customerOrderFilter, orderEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/events", async ({ request, user, params }) =>
  orderEventStream(request, user, await customerOrderFilter(user, params.id)),
);
