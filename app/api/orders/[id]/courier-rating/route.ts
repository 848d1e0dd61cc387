import { rateCourier } from "@/lib/server/courier-ratings/rate";
import { handle } from "@/lib/server/web/handle";

// Racing ratings of one order keep one row (the unique order); the last one written stands.
export const PUT = handle("PUT /api/orders/{id}/courier-rating", async ({ user, params, body }) => ({ rating: await rateCourier(user, params.id, body) }));
