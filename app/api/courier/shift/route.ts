import { setShift } from "@/lib/server/dispatch/state";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/courier/shift", ({ courier, body }) => setShift(courier, body.onShift));
