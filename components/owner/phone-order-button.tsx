"use client";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useOpenedOnce } from "@/lib/client/use-opened-once";

// The phone order form (docs/architecture/phone-orders.md): its own chunk, loaded on first opening.
const PhoneOrderDialog = lazy(() => import("./phone-order-dialog").then((m) => ({ default: m.PhoneOrderDialog })));

/** The board's "New phone order" and its form; a placed order is announced and the board read again. */
export function PhoneOrderButton({ restaurantId, onPlaced }: { restaurantId: number; onPlaced: () => void }) {
  const { show } = useAlerts();
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  // Server-rendered with the board: it opens nothing until React owns the page.
  const hydrated = useHydrated();
  return (
    <>
      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)} disabled={!hydrated}>
        New phone order
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <PhoneOrderDialog
            restaurantId={restaurantId}
            open={open}
            onClose={() => setOpen(false)}
            onPlaced={(order) => {
              setOpen(false);
              const collect =
                order.paymentMethod === "card" ? "waiting for payment on its link" : `to collect ${order.deliveryOption === "pickup" ? "at pickup" : "at the door"}`;
              show(`Phone order #${order.id} placed: ${formatMoney(order.totalCost)} ${collect}`, "success");
              onPlaced();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
