import "server-only";
import type { PaymentProvider } from "./provider";
import { testProvider } from "./test-provider";

/** The provider in use: the built-in test provider (the default, no configuration); the Stripe adapter is not written yet (docs/deploying.md "Payments"). */
export function paymentProvider(): PaymentProvider {
  return testProvider;
}

/** The provider that made a stored id (Payment.provider, PaymentMethod.provider). */
export function providerNamed(name: string): PaymentProvider {
  if (name === testProvider.name) return testProvider;
  throw new Error(`Unknown payment provider ${name}`);
}
