// The Stripe provider's settings (docs/deploying.md "Payments"). Plain module, read by
// load-config.ts. Both secrets together select Stripe as the payment provider; one without the
// other is an error at start-up, as is a key of the wrong kind.

export type StripeSettings = {
  /** STRIPE_SECRET_KEY: a secret (sk_) or restricted (rk_) key, test or live. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint (whsec_). */
  webhookSecret: string;
  /** STRIPE_CONNECT_WEBHOOK_SECRET: the signing secret of a second endpoint that listens to connected accounts (payouts, verification), or null when one endpoint gets both. */
  connectWebhookSecret: string | null;
  /**
   * STRIPE_PUBLISHABLE_KEY (pk_test_..., pk_live_..., the same mode as the secret key): the browser's
   * key for Stripe.js, whose Payment Element takes the card (the number never reaches Nosh). Null: no
   * card can be added in the browser (the server side still works with cards added before).
   */
  publishableKey: string | null;
  /**
   * STRIPE_API_BASE, for tests only: where the client sends its requests instead of
   * https://api.stripe.com (the local stand-in of lib/server/payments/providers/stripe/testing/stand-in.ts).
   * Refused when NOSH_ENV=production.
   */
  apiBase: { protocol: "http" | "https"; host: string; port: number } | null;
};

export function stripeSettings(env: Record<string, string | undefined>, deployment: "production" | "development"): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? "";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? "";
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret)
    throw new Error("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to use Stripe, or neither for the built-in test provider");
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new Error("STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_..., sk_test_...) or restricted key (rk_...)");
  if (!/^whsec_\w+$/.test(webhookSecret)) throw new Error("STRIPE_WEBHOOK_SECRET must be a webhook endpoint's signing secret (whsec_...)");
  const connectWebhookSecret = env.STRIPE_CONNECT_WEBHOOK_SECRET?.trim() || null;
  if (connectWebhookSecret && !/^whsec_\w+$/.test(connectWebhookSecret))
    throw new Error("STRIPE_CONNECT_WEBHOOK_SECRET must be a webhook endpoint's signing secret (whsec_...)");
  const publishableKey = publishableKeyOf(env, secretKey);
  const base = env.STRIPE_API_BASE?.trim();
  if (!base) return { secretKey, webhookSecret, connectWebhookSecret, publishableKey, apiBase: null };
  if (deployment === "production") throw new Error("STRIPE_API_BASE is for tests only (a local stand-in of Stripe's API): unset it when NOSH_ENV=production");
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111, got "${base}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("STRIPE_API_BASE must be an http or https URL");
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    secretKey,
    webhookSecret,
    connectWebhookSecret,
    publishableKey,
    apiBase: { protocol, host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)) },
  };
}

/** STRIPE_PUBLISHABLE_KEY checked: a publishable key of the secret key's mode (a test page cannot pay live, nor the reverse), or null when unset. */
function publishableKeyOf(env: Record<string, string | undefined>, secretKey: string): string | null {
  const key = env.STRIPE_PUBLISHABLE_KEY?.trim();
  if (!key) return null;
  const match = /^pk_(test|live)_\w+$/.exec(key);
  if (!match) throw new Error("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_..., pk_test_...)");
  if (!secretKey.includes(`_${match[1]}_`)) throw new Error("STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must be of the same mode (both test or both live)");
  return key;
}

/**
 * Whether pages load Stripe.js (Stripe configured with a publishable key): read by the proxy's
 * Content-Security-Policy from the environment as it is (load-config.ts has checked the keys at start-up).
 */
export function stripeInBrowser(env: Record<string, string | undefined>): boolean {
  return Boolean(env.STRIPE_SECRET_KEY?.trim() && env.STRIPE_WEBHOOK_SECRET?.trim() && env.STRIPE_PUBLISHABLE_KEY?.trim());
}
