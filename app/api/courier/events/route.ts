import { openCourierApp } from "@/lib/server/dispatch/courier-app";
import { courierFilter, orderEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

// While the /courier page listens, a person has this courier: the demo simulator leaves them alone.
export const GET = handle("GET /api/courier/events", async ({ request, user }) => orderEventStream(request, user, courierFilter(user), () => openCourierApp(user.id)));
