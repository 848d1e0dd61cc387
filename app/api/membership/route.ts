import { cancelMembership } from "@/lib/server/membership/cancel";
import { changeMembershipCard, membershipState, subscribe } from "@/lib/server/membership/subscribe";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/membership", async ({ user }) => membershipState(user));

// 402 on a decline (nothing charged, no membership); one Idempotency-Key subscribes once.
export const POST = handle("POST /api/membership", async ({ user, body, idempotencyKey }) => subscribe(user, body, idempotencyKey));

export const PUT = handle("PUT /api/membership", async ({ user, body }) => changeMembershipCard(user, body.paymentMethodId));

export const DELETE = handle("DELETE /api/membership", async ({ user }) => cancelMembership(user));
