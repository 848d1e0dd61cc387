"use client";
import type { Stripe } from "@stripe/stripe-js";

// Stripe.js in the page (docs/architecture/stripe.md "Stripe.js"): only where the server runs on
// Stripe with a publishable key (lib/client/stripe-key.ts; without it, the built-in card form and
// nothing of Stripe). This module, @stripe/stripe-js and Stripe.js itself (https://js.stripe.com) are
// loaded through import() when first needed: the card form, a 3-D Secure challenge.

let stripe: { key: string; loading: Promise<Stripe | null> } | null = null;

/** Stripe.js loaded once per key (loadStripe adds its script tag the first time). */
export function loadStripeOnce(key: string): Promise<Stripe | null> {
  if (stripe?.key !== key) stripe = { key, loading: import("@stripe/stripe-js").then((module) => module.loadStripe(key)) };
  return stripe.loading;
}

/**
 * A 3-D Secure challenge completed in the page with Stripe.js (its own dialog, in place of the
 * redirect to the bank's page): resolves once the customer is done, passed or not (the server reads
 * the PaymentIntent's state when the request is sent again, and answers the decline if it failed).
 */
export async function completeChallengeInPage(key: string, clientSecret: string): Promise<void> {
  const loaded = await loadStripeOnce(key);
  if (!loaded) throw new Error("Stripe.js did not load");
  await loaded.handleNextAction({ clientSecret });
}
