import { json, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { courierJobs } from "@/lib/server/dispatch/read";
import { requireUser } from "@/lib/server/web/session";

// GET /api/courier/jobs -> { jobs }: the courier's open offer and the jobs they hold.
export const GET = route(async () => {
  const courier = asCourier(await requireUser());
  return json({ jobs: await courierJobs(courier.id) });
});
