import "server-only";
import { sqlTransaction } from "../platform/sql";
import { paymentProvider } from "../payments/providers/select";
import { providerAccountOf, upsertPayoutAccount } from "./queries/accounts";

// "Set up payouts" (docs/architecture/payouts.md): the payee goes to the payment provider's hosted
// onboarding (Stripe Connect's Account Links; the test provider's own page) and comes back to
// Nosh. The payee's payout account is the one they have with the provider in use, else a new one
// made for onboarding (stored at once: "Set-up not finished", what the provider asks for). Each
// call is a new single-use link. What the payee does there reaches Nosh only as the provider's
// signed account.updated webhook (accounts.ts applyAccountEvent), never from the return URL.

export type OnboardingLinkJson = { url: string; expiresAt: string };

/** Where the provider sends the payee: `back` with ?onboarding=return when they leave, ?onboarding=refresh when the link expired. */
export async function startOnboarding(ledgerAccount: string, back: string, now = new Date()): Promise<OnboardingLinkJson> {
  const provider = paymentProvider();
  const existing = await sqlTransaction((sql) => providerAccountOf(sql, ledgerAccount));
  let accountId = existing?.provider === provider.name ? existing.providerAccountId : null;
  if (!accountId) {
    const account = await provider.createOnboardingAccount({ idempotencyKey: `payout-account:${ledgerAccount}` });
    await sqlTransaction((sql) => upsertPayoutAccount(sql, ledgerAccount, provider.name, account, now));
    accountId = account.id;
  }
  const link = await provider.createOnboardingLink(accountId, { returnPath: `${back}?onboarding=return`, refreshPath: `${back}?onboarding=refresh` });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}
