import { payByLink } from "@/lib/server/payments/pay-link";
import { handle } from "@/lib/server/web/handle";

// A phone order's payment link (docs/architecture/phone-orders.md "Paid by a link"): the token is the authority, no session.
export const POST = handle("POST /api/pay/{token}", ({ params, body }) => payByLink(params.token, body));
