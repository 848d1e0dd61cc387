import { payoutTestMode } from "@/lib/server/payouts/accounts";
import { restaurantPayoutAccount, saveRestaurantPayoutAccount } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/payout-account", async ({ user, params }) => ({
  payoutAccount: await restaurantPayoutAccount(user, params.id),
  testMode: payoutTestMode(),
}));

export const PUT = handle("PUT /api/manage/{id}/payout-account", async ({ user, params, body }) => ({
  payoutAccount: await saveRestaurantPayoutAccount(user, params.id, body),
  testMode: payoutTestMode(),
}));
