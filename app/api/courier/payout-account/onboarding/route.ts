import { startCourierOnboarding } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/payout-account/onboarding", async ({ courier }) => startCourierOnboarding(courier));
