import { applyAsCourier } from "@/lib/server/admin/couriers";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/apply", ({ user }) => applyAsCourier(user));
