"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import type { IncomingOrderJson } from "@/lib/server/orders/to-json";
import { IncomingOrderCard } from "./incoming-order-card";
import { failureMessage } from "./use-live-form";
import styles from "./owner.module.css";

type IncomingOrdersProps = { restaurantId: number; initial: IncomingOrderJson[]; pageSize: number };

/** The queue: complete or cancel each submitted order; a closed order leaves the list. */
export function IncomingOrders({ restaurantId, initial, pageSize }: IncomingOrdersProps) {
  const [orders, setOrders] = useState(initial);
  const [hasMore, setHasMore] = useState(initial.length === pageSize);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [canceling, setCanceling] = useState<IncomingOrderJson | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const alerts = useAlerts();

  const close = async (order: IncomingOrderJson, status: "Completed" | "Canceled") => {
    setCanceling(null);
    setBusyId(order.id);
    try {
      await api(`/api/manage/${restaurantId}/orders/${order.id}`, { method: "PUT", body: { status } });
      setOrders((list) => list.filter((o) => o.id !== order.id));
      const refund = status === "Canceled" && order.paymentMethod === "wallet" ? `; ${formatMoney(order.totalCost)} refunded to the customer's wallet` : "";
      alerts.show(`Order #${order.id} ${status === "Completed" ? "completed" : `canceled${refund}`}`, "success");
    } catch (error) {
      alerts.show(failureMessage(error, "Failed to update order"), "error");
    } finally {
      setBusyId(null);
    }
  };

  const more = async () => {
    setLoadingMore(true);
    try {
      const page = await api<{ orders: IncomingOrderJson[] }>(`/api/manage/${restaurantId}/orders?limit=${pageSize}&offset=${orders.length}`);
      setOrders((list) => [...list, ...page.orders.filter((o) => !list.some((x) => x.id === o.id))]);
      setHasMore(page.orders.length === pageSize);
    } catch {
      alerts.show("Failed to fetch orders", "error");
    } finally {
      setLoadingMore(false);
    }
  };

  if (!orders.length) {
    return (
      <EmptyState icon="receipt" title="No orders waiting">
        Submitted orders appear here until you complete or cancel them.
      </EmptyState>
    );
  }

  return (
    <>
      <ul className={styles.orders} aria-label="Submitted orders">
        {orders.map((order) => (
          <IncomingOrderCard
            key={order.id}
            order={order}
            busy={busyId === order.id}
            onComplete={() => close(order, "Completed")}
            onCancel={() => setCanceling(order)}
          />
        ))}
      </ul>
      {hasMore && (
        <div className={styles.more}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={more} disabled={loadingMore}>
            {loadingMore ? "Loading…" : "Show more orders"}
          </button>
        </div>
      )}
      <Dialog open={canceling !== null} onClose={() => setCanceling(null)} title={`Cancel order #${canceling?.id ?? ""}?`}>
        {canceling && (
          <div className={styles.confirm}>
            <p>
              {canceling.customer.firstName}&apos;s order of {formatMoney(canceling.totalCost)} will not be delivered.
              {canceling.paymentMethod === "wallet" ? " The amount goes back to their wallet right away." : ""}
            </p>
            <div className={styles.confirmActions}>
              <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setCanceling(null)}>
                Keep order
              </button>
              <button type="button" className={`${buttonClass()} ${styles.dangerSolid}`} onClick={() => close(canceling, "Canceled")}>
                Cancel order
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
