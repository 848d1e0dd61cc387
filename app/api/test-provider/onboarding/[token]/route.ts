import { ApiError } from "@/lib/server/platform/errors";
import { requireTestProvider } from "@/lib/server/payments/providers/select";
import { answerTestOnboarding } from "@/lib/server/payments/providers/test/onboarding";
import { handle } from "@/lib/server/web/handle";
import { said, word } from "@/lib/shared/words/said";

// The link's token is the authority, as a provider's onboarding link is: single use, an hour long.
export const POST = handle("POST /api/test-provider/onboarding/{token}", async ({ params, body }) => {
  requireTestProvider();
  const answered = await answerTestOnboarding(params.token, body.outcome);
  if (!answered) throw new ApiError("not_found", said("messages.notFound", { what: word("onboardingLink") }));
  return { status: answered.account.status, returnUrl: answered.returnUrl };
});
