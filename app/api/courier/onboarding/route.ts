import { onboardingOf } from "@/lib/server/onboarding/documents";
import { forbidden } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { requestLocale } from "@/lib/i18n/translate";
import { said } from "@/lib/shared/words/said";

// A guest never applies (POST /api/courier/apply answers them 403): nor reads an onboarding.
export const GET = handle("GET /api/courier/onboarding", async ({ user }) => {
  if (user.guestAccount) throw forbidden(said("messages.courierGuest"));
  return { onboarding: await onboardingOf(user.id, new Date(), await requestLocale()) };
});
