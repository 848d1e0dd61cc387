"use client";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction, type ApiFailure } from "@/lib/client/use-api-action";
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
  const fixing = useApiAction(() => api<{ payment: OrderPaymentJson }>(`/api/orders/${orderId}/payment`, { method: "POST", body: {} }), {
    onSuccess: (answer) => setPayment(answer.payment),
    // The bank asks for 3-D Secure: its page, which sends the customer back here.
    onError: (failure) => {
      const challenge = challengeUrlOf(failure);
      if (challenge) window.location.assign(challenge);
    },
  });
  const busy = fixing.busy;
  const error = fixing.failure && !challengeUrlOf(fixing.failure) ? fixing.message : null;

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
  const fix = () => fixing.run();
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

const challengeUrlOf = (failure: ApiFailure): string | undefined => (failure.body.payment as { challengeUrl?: string } | undefined)?.challengeUrl;
