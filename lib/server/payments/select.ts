import "server-only";
import { config } from "../platform/config";
import type { PaymentProvider } from "./provider";
import { STRIPE_PROVIDER, STRIPE_SIGNATURE_HEADER, stripeProvider } from "./stripe";
import { SIGNATURE_HEADER, testProvider } from "./test-provider";

/** The provider in use: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (docs/deploying.md "Payments"), else the built-in test provider (the default, no configuration). */
export function paymentProvider(): PaymentProvider {
  return config().stripe ? stripeProvider : testProvider;
}

/** The provider that made a stored id (Payment.provider, PaymentMethod.provider); Stripe only while it is configured. */
export function providerNamed(name: string): PaymentProvider {
  if (name === testProvider.name) return testProvider;
  if (name === STRIPE_PROVIDER && config().stripe) return stripeProvider;
  throw new Error(`Unknown payment provider ${name}`);
}

/** The header a provider's webhooks carry their signature in. */
export const signatureHeaderOf = (name: string) => (name === STRIPE_PROVIDER ? STRIPE_SIGNATURE_HEADER : SIGNATURE_HEADER);
