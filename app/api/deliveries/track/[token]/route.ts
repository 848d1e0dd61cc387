import { trackDelivery } from "@/lib/server/deliveries/read";
import { handle } from "@/lib/server/web/handle";
import { markPersonal } from "@/lib/server/web/personal-answer";

// The token is the authority: the answer is the recipient's, never kept by a shared cache.
export const GET = handle("GET /api/deliveries/track/{token}", ({ params }) => {
  markPersonal();
  return trackDelivery(params.token);
});
