import "server-only";
import type { SessionUser } from "../platform/session-user";
import { positionInputSchema, type PositionInput } from "@/lib/contract/couriers/rules";
import { asCourier } from "./courier";
import { reportPosition } from "./position-batch";

// POST /api/courier/position { lat, lng, accuracy?, at? } | { points: [...] } (at most 50) -> { accepted, dropped } (its JSON answer);
// 401, 403 for a non-courier (a suspended one too), 400 naming the field, 409 off shift, 429
// faster than once a second (docs/architecture/couriers.md "Positions"). One handler for both
// ways a report arrives: the host's own route (lib/server/web/host-routes.ts), and Next.js's
// (app/api/courier/position/route.ts) when there is no host (Vitest, a plain `next start`).

export { positionInputSchema };

export async function answerPositionReport(
  requireUser: () => Promise<Pick<SessionUser, "id" | "firstName" | "courier">>,
  readPoints: () => Promise<PositionInput[]> | PositionInput[],
) {
  const courier = asCourier(await requireUser());
  const points = await readPoints();
  return reportPosition(courier, points);
}
