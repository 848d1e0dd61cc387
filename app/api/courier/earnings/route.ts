import { courierEarnings } from "@/lib/server/payouts/courier";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/earnings", ({ courier }) => courierEarnings(courier));
