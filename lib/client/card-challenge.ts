"use client";
import { useEffect, useRef } from "react";
import { stripeKey } from "./stripe-key";

// A card's 3-D Secure challenge as the pages meet it (docs/architecture/payments.md): the 402
// names the bank's page; the page keeps what it sent in this tab's sessionStorage and goes there;
// the bank's page sends the customer back with `?payment_intent=pi_...`, where the same request is
// sent again with the authorization. Checkout, the wallet's top-up and the tip raise share it.
// With Stripe.js in the page (lib/client/stripe.ts), the 402 also carries the PaymentIntent's client
// secret: Stripe.js's handleNextAction runs the challenge in the page, which then comes back exactly
// as from the bank's page (the same URL with `?payment_intent=pi_...`).

/** What a page keeps while its customer is at the bank's page: at least the intent it waits for. */
export type PendingChallenge = { intentId: string };

/** A challenge: the bank's page, and with Stripe the client secret Stripe.js completes it with in the page. */
export type Challenge = { intentId: string; challengeUrl: string | null; clientSecret: string | null };

/** The challenge a 402 asks for (`payment.state` requires_action), or null: of a failed call as parseApiError or useApiAction part it. */
export function challengeOf(error: { status: number; body: Record<string, unknown> }): Challenge | null {
  if (error.status !== 402) return null;
  const payment = error.body.payment as { state?: string; intentId?: string; challengeUrl?: string | null; clientSecret?: string } | undefined;
  if (payment?.state !== "requires_action" || !payment.intentId || !(payment.challengeUrl || payment.clientSecret)) return null;
  return { intentId: payment.intentId, challengeUrl: payment.challengeUrl ?? null, clientSecret: payment.clientSecret ?? null };
}

/** Keeps `pending` under `key` in this tab and goes to the bank's page (with Stripe.js, runs the challenge in the page, then comes back the same way). */
export function goToChallenge<T extends PendingChallenge>(key: string, pending: T, challenge: Challenge): void {
  sessionStorage.setItem(key, JSON.stringify(pending));
  const publishable = stripeKey();
  if (publishable && challenge.clientSecret) {
    const clientSecret = challenge.clientSecret;
    // A page load, as from the bank's page: useChallengeReturn then sends the request again.
    const back = new URL(window.location.pathname, window.location.origin);
    back.searchParams.set("payment_intent", pending.intentId);
    // Passed, failed or abandoned: the request sent again asks the server, which reads the intent's state.
    void import("./stripe")
      .then((stripe) => stripe.completeChallengeInPage(publishable, clientSecret))
      .catch(() => undefined)
      .then(() => window.location.assign(back));
    return;
  }
  if (challenge.challengeUrl) window.location.assign(challenge.challengeUrl);
}

/**
 * Back from the bank's page: once `ready`, the pending request kept under `key` for the intent in
 * the URL is handed to `onBack` (in a microtask of its own), the URL cleaned and the key removed;
 * nothing when the URL names no intent or another one.
 */
export function useChallengeReturn<T extends PendingChallenge>(key: string, onBack: (pending: T) => void, ready = true): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready) return;
    const intentId = new URLSearchParams(window.location.search).get("payment_intent");
    if (!intentId) return;
    done.current = true;
    window.history.replaceState(null, "", window.location.pathname);
    const pending = JSON.parse(sessionStorage.getItem(key) ?? "null") as T | null;
    sessionStorage.removeItem(key);
    if (pending?.intentId === intentId) queueMicrotask(() => onBack(pending));
  });
}
