import { ApiError } from "@/lib/server/platform/errors";
import { requireTestProvider } from "@/lib/server/payments/providers/select";
import { resolveTestDispute } from "@/lib/server/payments/providers/test/disputes";
import { handle } from "@/lib/server/web/handle";
import { said, word } from "@/lib/shared/words/said";

// The test provider's bank deciding: the dispute's id is the authority, as the challenge page's intent id is.
export const POST = handle("POST /api/test-provider/disputes/{disputeId}/resolve", async ({ params, body }) => {
  requireTestProvider();
  if (!/^dp_[0-9a-f]{24}$/.test(params.disputeId)) throw new ApiError("not_found", said("messages.notFound", { what: word("dispute") }));
  const dispute = await resolveTestDispute(params.disputeId, body.outcome);
  return { dispute: { id: dispute.id, status: dispute.status } };
});
