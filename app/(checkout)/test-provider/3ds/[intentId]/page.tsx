import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChallengeForm } from "@/components/checkout/challenge-form";
import { testProviderOpen } from "@/lib/server/payments/providers/select";
import { testProvider } from "@/lib/server/payments/providers/test/provider";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { formatCents } from "@/lib/shared/money/money";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("testProvider.challengeMeta"), robots: { index: false } };
}

/**
 * The built-in test provider's 3-D Secure page (what a bank shows in a real provider's flow): the
 * payment's amount and card, and the customer's answer. Passing authorizes the payment; failing
 * declines it. Either way the customer goes back where checkout asked (its return URL). Not found
 * in production unless test mode is on (PAYMENTS=test).
 */
export default async function ChallengePage({ params }: { params: Promise<{ intentId: string }> }) {
  const { intentId } = await params;
  if (!testProviderOpen() || !/^pi_[0-9a-f]{24}$/.test(intentId)) notFound();
  const intent = await testProvider.retrieveIntent(intentId);
  if (!intent) notFound();
  const card = await testProvider.retrieveCard(intent.paymentMethodId);
  const [t, locale] = await Promise.all([getT("profile"), requestLocale()]);
  return (
    <main id="main" style={{ maxWidth: "32rem", margin: "0 auto", padding: "var(--space-6) var(--space-4)", display: "grid", gap: "var(--space-4)" }}>
      <h1>{t("testProvider.challengeTitle")}</h1>
      <p>
        {t("testProvider.challengeText", {
          amount: formatCents(intent.amountCents, { currency: intent.currency, locale }),
          card: card ? cardLabel(card) : t("testProvider.yourCard"),
        })}
      </p>
      <p style={{ color: "var(--color-ink-muted)" }}>{t("testProvider.challengeNote")}</p>
      {intent.status === "requires_action" ? (
        <ChallengeForm intentId={intentId} words={(await getWords("orderflow")).challenge} />
      ) : (
        <p role="status">{t("testProvider.challengeDone")}</p>
      )}
    </main>
  );
}
