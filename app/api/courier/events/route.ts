import { route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { openCourierApp } from "@/lib/server/dispatch/courier-app";
import { courierFilter, orderEventStream } from "@/lib/server/order-events";
import { requireUser } from "@/lib/server/web/session";

// GET /api/courier/events - Server-Sent Events for the courier: job_offered, job_withdrawn, job_canceled (docs/architecture/couriers.md "Events").
export const GET = route(async (request) => {
  const user = await requireUser();
  asCourier(user);
  // While the /courier page listens, a person has this courier: the demo simulator leaves them alone.
  return orderEventStream(request, user, courierFilter(user), () => openCourierApp(user.id));
});
