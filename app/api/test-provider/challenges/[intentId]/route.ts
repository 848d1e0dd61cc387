import { json, parseBody, route } from "@/lib/server/web/http";
import { ApiError } from "@/lib/server/platform/errors";
import { completeChallenge, returnUrlOf } from "@/lib/server/payments/test-provider";
import { challengeSchema } from "@/lib/validation/payments";

// POST /api/test-provider/challenges/{intentId} { outcome: "pass" | "fail" } - the test
// provider's 3-D Secure page answered (the intent's id is the authority, as a bank's challenge
// link is) -> { status, returnUrl }: where the page sends the customer back to.
export const POST = route<{ intentId: string }>(
  async (request, params) => {
    const { outcome } = await parseBody(request, challengeSchema);
    if (!/^pi_[0-9a-f]{24}$/.test(params.intentId)) throw new ApiError("not_found", "Payment not found");
    const intent = await completeChallenge(params.intentId, outcome === "pass");
    const back = (await returnUrlOf(params.intentId)) ?? "/checkout";
    return json({ status: intent.status, returnUrl: `${back}${back.includes("?") ? "&" : "?"}payment_intent=${intent.id}` });
  },
  { signedLink: true },
);
