import { startRestaurantOnboarding } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/payout-account/onboarding", async ({ user, params }) => startRestaurantOnboarding(user, params.id));
