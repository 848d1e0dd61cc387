import { openCourierApp } from "@/lib/server/dispatch/courier-app";
import { personalEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/events", ({ request, user, query }) =>
  personalEventStream(request, user, query.app === "courier" && user.courier ? () => openCourierApp(user.id) : undefined),
);
