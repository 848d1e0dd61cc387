import { requestLocale } from "@/lib/i18n/translate";
import { courierSummary } from "@/lib/server/dispatch/state";
import { handle } from "@/lib/server/web/handle";

// `documentsBlocked` in the courier's language (docs/architecture/languages.md).
export const GET = handle("GET /api/courier", async ({ courier }) => courierSummary(courier, new Date(), await requestLocale()));
