import { courierSummary } from "@/lib/server/dispatch/state";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier", ({ courier }) => courierSummary(courier));
