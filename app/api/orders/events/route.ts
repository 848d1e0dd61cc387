import { customerFilter, orderEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/events", ({ request, user }) => orderEventStream(request, user, customerFilter(user)));
