"use client";
import { STRIPE_KEY_META } from "@/lib/shared/constants";

// Whether this site takes cards through Stripe.js (docs/architecture/stripe.md "Stripe.js"): the
// root layout puts Stripe's publishable key in a <meta> when the server runs on Stripe with one.
// Kept apart from lib/client/stripe.ts, which pages import only when they need Stripe.js.

/** The publishable key when this site takes cards through Stripe.js, else null (the built-in form). */
export function stripeKey(): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${STRIPE_KEY_META}"]`)?.content || null;
}
