import "server-only";
import { config } from "../../platform/config";
import { notFound } from "../../platform/errors";
import type { PaymentProvider } from "./provider";
import { STRIPE_PROVIDER, STRIPE_SIGNATURE_HEADER, stripeProvider } from "./stripe/provider";
import { SIGNATURE_HEADER, testProvider } from "./test/provider";
import { said } from "@/lib/shared/words/said";

/** The provider in use: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (docs/deploying.md "Payments"), else the built-in test provider (the default, no configuration). */
export function paymentProvider(): PaymentProvider {
  return config().stripe ? stripeProvider : testProvider;
}

/**
 * Whether the built-in test provider's own routes and pages (its card tokenization, its 3-D Secure
 * page and challenge answers, its webhooks) exist: everywhere but production, and in production only
 * in test mode (PAYMENTS=test, a staging site). A production site on Stripe answers them 404.
 */
export function testProviderOpen(): boolean {
  const settings = config();
  return settings.deployment !== "production" || settings.payments.testMode;
}

/** The test provider's routes: a 404 where it is closed (testProviderOpen). */
export function requireTestProvider(): void {
  if (!testProviderOpen()) throw notFound(said("messages.pageNotFound"));
}

/** The provider that made a stored id (Payment.provider, PaymentMethod.provider); Stripe only while it is configured, the test provider only while it is open. */
export function providerNamed(name: string): PaymentProvider {
  if (name === testProvider.name && testProviderOpen()) return testProvider;
  if (name === STRIPE_PROVIDER && config().stripe) return stripeProvider;
  throw new Error(`Unknown payment provider ${name}`);
}

/** The header a provider's webhooks carry their signature in. */
export const signatureHeaderOf = (name: string) => (name === STRIPE_PROVIDER ? STRIPE_SIGNATURE_HEADER : SIGNATURE_HEADER);
