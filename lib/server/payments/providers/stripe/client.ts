import "server-only";
import Stripe from "stripe";
import { config } from "../../../platform/config";

// The official stripe package's client for the Stripe provider (provider.ts, connect.ts),
// made once per key: api.stripe.com, or the local stand-in STRIPE_API_BASE names (tests only).

let client: { key: string; stripe: Stripe } | undefined;

export function stripe(): Stripe {
  const settings = config().stripe;
  if (!settings) throw new Error("Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  if (client?.key !== settings.secretKey) {
    const base = settings.apiBase;
    client = {
      key: settings.secretKey,
      stripe: new Stripe(settings.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: "Nosh" },
        ...(base ? { protocol: base.protocol, host: base.host, port: base.port } : {}),
      }),
    };
  }
  return client.stripe;
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/** Stripe's currency: the lowercase ISO code ("usd", "mxn"); Nosh's are uppercase (lib/shared/money/currency.ts). Amounts are in its minor units either way (cents, whole yen). */
export const stripeCurrency = (code: string) => code.toLowerCase();
