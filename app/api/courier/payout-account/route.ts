import { payoutTestMode } from "@/lib/server/payouts/accounts";
import { courierPayoutAccount, saveCourierPayoutAccount } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// The account's `label` (human text, lib/contract/payouts/account-schemas.ts) in the request's language; every other field as stored.
export const GET = handle("GET /api/courier/payout-account", async ({ courier, request }) => ({
  payoutAccount: await courierPayoutAccount(courier, languageOfRequest(request)),
  testMode: payoutTestMode(),
}));

export const PUT = handle("PUT /api/courier/payout-account", async ({ courier, body, request }) => ({
  payoutAccount: await saveCourierPayoutAccount(courier, body, languageOfRequest(request)),
  testMode: payoutTestMode(),
}));
