import { onboardingOf } from "@/lib/server/onboarding/documents";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/onboarding", async ({ user }) => ({ onboarding: await onboardingOf(user.id) }));
