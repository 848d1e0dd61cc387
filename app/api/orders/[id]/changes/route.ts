import { listOwnChanges } from "@/lib/server/order-changes/read";
import { handle } from "@/lib/server/web/handle";

// The customer's order's changes: the order page's prompt and its settled changes.
export const GET = handle("GET /api/orders/{id}/changes", async ({ user, params }) => ({ changes: await listOwnChanges(user, params.id) }));
