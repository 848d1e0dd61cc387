import { listNotifications } from "@/lib/server/notifications/read";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// The bell's titles in the request's language (English as ever without one).
export const GET = handle("GET /api/notifications", ({ user, query, request }) => listNotifications(user, query, languageOfRequest(request)));
