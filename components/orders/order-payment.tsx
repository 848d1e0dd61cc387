"use client";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { OrderPaymentJson } from "@/lib/server/payments/order-payment";
import type { Words } from "@/lib/i18n/words";

/**
 * A card order's payment on its page (GET /api/orders/{id}/payment): authorized, charged, voided
 * ("Nothing was charged") or on hold; on hold, "Pay with my default card" (POST /api/orders/{id}/payment).
 */
export function OrderPayment({
  orderId,
  words: w,
}: {
  orderId: number;
  /** The catalogue's orderflow.orders.payment. */ words: Words<"orderflow">["orders"]["payment"];
}) {
  const [payment, setPayment] = useState<OrderPaymentJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api<{ payment: OrderPaymentJson | null }>(`/api/orders/${orderId}/payment`)
      .then((answer) => live && setPayment(answer.payment))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId]);

  if (!payment) return null;
  const fix = async () => {
    setBusy(true);
    setError(null);
    try {
      setPayment((await api<{ payment: OrderPaymentJson }>(`/api/orders/${orderId}/payment`, { method: "POST", body: {} })).payment);
    } catch (failure) {
      const challenge = failure instanceof ApiClientError ? (failure.body.payment as { challengeUrl?: string } | undefined)?.challengeUrl : undefined;
      if (challenge) window.location.assign(challenge);
      else setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span style={{ display: "block", marginTop: "var(--space-1)" }}>
      <span role="status" data-payment-state={payment.state} style={payment.actionNeeded ? { color: "var(--color-error)", fontWeight: 600 } : undefined}>
        {payment.message}
      </span>
      {payment.dispute && (
        <span style={{ display: "block", marginTop: "var(--space-1)" }} data-disputed={payment.dispute.status}>
          <Badge tone={payment.dispute.status === "needs_response" || payment.dispute.status === "under_review" ? "error" : "neutral"}>{w.disputed}</Badge>{" "}
          {payment.dispute.message}
        </span>
      )}
      {payment.actionNeeded && (
        <span style={{ display: "block", marginTop: "var(--space-2)" }}>
          <button type="button" className={buttonClass({ size: "small" })} disabled={busy} onClick={() => void fix()}>
            {w.fix}
          </button>
          {error && (
            <span role="alert" style={{ display: "block", color: "var(--color-error)" }}>
              {error}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
