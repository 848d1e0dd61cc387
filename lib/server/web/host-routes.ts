import "server-only";
import { hostRoutes } from "@/lib/shared/web/registries/host-routes.mjs";
import { answerPositionReport, positionInputSchema } from "../dispatch/position-answer";
import { hostRoute } from "./host-route";

// The routes the host serves itself, without Next.js's router (docs/architecture/host.md "Routes
// served by the host"): each also has its app/api route, which answers the same through the same
// handler when there is no host. Filled in at start-up (instrumentation.ts), before the first
// request is served; a route added here must keep route()'s checks (host-route.ts).

/** Fills in the host's table (nothing without a host). */
export function offerHostRoutes(): void {
  const routes = hostRoutes();
  if (!routes) return;
  // 200 reports a second from a fleet of 1,000 couriers (docs/log/performance.md "Couriers, third pass").
  routes.set(
    "POST /api/courier/position",
    hostRoute((call) => answerPositionReport(call.requireUser, () => call.parseBody(positionInputSchema))),
  );
}
