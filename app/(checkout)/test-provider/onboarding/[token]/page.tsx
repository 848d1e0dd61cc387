import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestOnboardingForm } from "@/components/test-provider/onboarding-form";
import { testProviderOpen } from "@/lib/server/payments/providers/select";
import { isLinkToken, onboardingOf } from "@/lib/server/payments/providers/test/onboarding";
import { getT } from "@/lib/i18n/translate";
import { missingOf } from "@/lib/server/payouts/accounts";
import { getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("testProvider.onboardingMeta"), robots: { index: false } };
}

/**
 * The built-in test provider's hosted onboarding page (what Stripe Connect's onboarding shows in a
 * real provider's flow): what it asks for, and the payee's answer: verified, more information
 * needed, or rejected. Either way the payee goes back to Nosh (the link's return URL) and the
 * account's state follows as a signed account.updated webhook. The link's token is the authority
 * (single use, an hour long): an unknown, used or expired one is not found, as is the page in
 * production unless test mode is on (PAYMENTS=test).
 */
export default async function TestOnboardingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!testProviderOpen() || !isLinkToken(token)) notFound();
  const account = await onboardingOf(token);
  if (!account) notFound();
  const asks = missingOf(account.currentlyDue);
  const t = await getT("profile");
  return (
    <main id="main" style={{ maxWidth: "32rem", margin: "0 auto", padding: "var(--space-6) var(--space-4)", display: "grid", gap: "var(--space-4)" }}>
      <h1>{t("testProvider.onboardingTitle")}</h1>
      <p>{t("testProvider.onboardingText")}</p>
      <p style={{ color: "var(--color-ink-muted)" }}>{t("testProvider.onboardingNote")}</p>
      {asks.length > 0 && (
        <section aria-labelledby="asks-heading">
          <h2 id="asks-heading" style={{ fontSize: "var(--text-lg)" }}>
            {t("testProvider.asks")}
          </h2>
          <ul>
            {asks.map((ask) => (
              <li key={ask}>{ask}</li>
            ))}
          </ul>
        </section>
      )}
      <TestOnboardingForm token={token} words={(await getWords("kitchen")).payouts.testOnboarding} />
    </main>
  );
}
