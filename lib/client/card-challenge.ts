"use client";
import { useEffect, useRef } from "react";
import { ApiClientError } from "./api";

// A card's 3-D Secure challenge as the pages meet it (docs/architecture/payments.md): the 402
// names the bank's page; the page keeps what it sent in this tab's sessionStorage and goes there;
// the bank's page sends the customer back with `?payment_intent=pi_...`, where the same request is
// sent again with the authorization. Checkout, the wallet's top-up and the tip raise share it.

/** What a page keeps while its customer is at the bank's page: at least the intent it waits for. */
export type PendingChallenge = { intentId: string };

/** The challenge a 402 asks for (`payment.state` requires_action), or null. */
export function challengeOf(error: unknown): { intentId: string; challengeUrl: string } | null {
  if (!(error instanceof ApiClientError) || error.status !== 402) return null;
  const payment = error.body.payment as { state?: string; intentId?: string; challengeUrl?: string } | undefined;
  return payment?.state === "requires_action" && payment.challengeUrl && payment.intentId ? { intentId: payment.intentId, challengeUrl: payment.challengeUrl } : null;
}

/** Keeps `pending` under `key` in this tab and goes to the bank's page. */
export function goToChallenge<T extends PendingChallenge>(key: string, pending: T, challengeUrl: string): void {
  sessionStorage.setItem(key, JSON.stringify(pending));
  window.location.assign(challengeUrl);
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
