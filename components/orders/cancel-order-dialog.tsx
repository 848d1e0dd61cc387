"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatMoney } from "@/components/ui/format";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { OrderJson } from "@/lib/server/orders/to-json";
import styles from "./orders.module.css";

type CancelOrderDialogProps = { order: OrderJson; open: boolean; onClose: () => void; onCanceled: (order: OrderJson) => void };

/** Confirms PUT /api/orders/{id}/cancel; a wallet payment comes back to the wallet. */
export function CancelOrderDialog({ order, open, onClose, onCanceled }: CancelOrderDialogProps) {
  const { show } = useAlerts();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wallet = order.paymentMethod === "wallet";

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const canceled = await api<OrderJson>(`/api/orders/${order.id}/cancel`, { method: "PUT" });
      if (wallet) void refresh();
      show(`Order canceled. ${formatMoney(canceled.totalCost)} was refunded to your ${wallet ? "wallet" : "card"}.`, "success");
      onCanceled(canceled);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Cancel this order?">
      <div className={styles.dialogBody}>
        <p>
          Your order from {order.restaurant.name} ({formatMoney(order.totalCost)}) will be canceled.{" "}
          {wallet ? `${formatMoney(order.totalCost)} goes back to your wallet right away.` : "This can't be undone."}
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose}>
            Keep order
          </button>
          <button type="button" className={buttonClass()} onClick={cancel} disabled={busy}>
            {busy ? "Canceling…" : "Yes, cancel order"}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
