import { payoutTestMode } from "@/lib/server/payouts/accounts";
import { restaurantPayoutAccount, saveRestaurantPayoutAccount } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// The account's `label` (human text, lib/contract/payouts/account-schemas.ts) in the request's language; every other field as stored.
export const GET = handle("GET /api/manage/{id}/payout-account", async ({ user, params, request }) => ({
  payoutAccount: await restaurantPayoutAccount(user, params.id, languageOfRequest(request)),
  testMode: payoutTestMode(),
}));

export const PUT = handle("PUT /api/manage/{id}/payout-account", async ({ user, params, body, request }) => ({
  payoutAccount: await saveRestaurantPayoutAccount(user, params.id, body, languageOfRequest(request)),
  testMode: payoutTestMode(),
}));
