import { payoutTestMode } from "@/lib/server/payouts/accounts";
import { courierPayoutAccount, saveCourierPayoutAccount } from "@/lib/server/payouts/payee";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/payout-account", async ({ courier }) => ({ payoutAccount: await courierPayoutAccount(courier), testMode: payoutTestMode() }));

export const PUT = handle("PUT /api/courier/payout-account", async ({ courier, body }) => ({
  payoutAccount: await saveCourierPayoutAccount(courier, body),
  testMode: payoutTestMode(),
}));
