import { ApiError } from "@/lib/server/platform/errors";
import { requireTestProvider } from "@/lib/server/payments/providers/select";
import { completeChallenge, returnUrlOf } from "@/lib/server/payments/providers/test/provider";
import { handle } from "@/lib/server/web/handle";
import { said, word } from "@/lib/shared/words/said";

// The intent's id is the authority, as a bank's challenge link is.
export const POST = handle("POST /api/test-provider/challenges/{intentId}", async ({ params, body }) => {
  requireTestProvider();
  if (!/^pi_[0-9a-f]{24}$/.test(params.intentId)) throw new ApiError("not_found", said("messages.notFound", { what: word("payment") }));
  const intent = await completeChallenge(params.intentId, body.outcome === "pass");
  const back = (await returnUrlOf(params.intentId)) ?? "/checkout";
  return { status: intent.status, returnUrl: `${back}${back.includes("?") ? "&" : "?"}payment_intent=${intent.id}` };
});
