import { createGroup } from "@/lib/server/group-orders/create";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/group-orders", ({ user, body }) => createGroup(user, body.restaurantId));
