import { answerPositionReport } from "@/lib/server/dispatch/position-answer";
import { handle } from "@/lib/server/web/handle";

// Served by the host itself once the app has started (lib/server/web/host-routes.ts); this
// route answers the same, through the same handler, when there is no host.
export const POST = handle("POST /api/courier/position", ({ user, body }) =>
  answerPositionReport(
    async () => user,
    () => body,
  ),
);
