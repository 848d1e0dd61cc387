import { json, parseBody, route } from "@/lib/server/web/http";
import { answerPositionReport, positionInputSchema } from "@/lib/server/dispatch/position-answer";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/position: served by the host itself (lib/server/web/host-routes.ts) once the
// app has started; this route answers the same, through the same handler, when there is no host.
export const POST = route(async (request) => json(await answerPositionReport(requireUser, () => parseBody(request, positionInputSchema))));
