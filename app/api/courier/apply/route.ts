import { applyAsCourier } from "@/lib/server/admin/couriers";
import { json, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

// POST /api/courier/apply - the signed-in user applies to deliver -> 201 { courierStatus: "applied" };
// an operator approves it at /admin/couriers (docs/architecture/operator.md "Couriers"). Guests: 403; already applied or a courier: 409.
export const POST = route(async () => json(await applyAsCourier(await requireUser()), 201));
