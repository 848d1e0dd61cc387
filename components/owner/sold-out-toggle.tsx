"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { SOLD_OUT_TODAY } from "@/lib/shared/kitchen-text";
import { failureMessage } from "./use-live-form";

/**
 * A dish of the owner's menu marked sold out until the restaurant's next opening, or back
 * (PUT /api/manage/{id}/sold-out, docs/architecture/kitchen.md): customers see it greyed at once.
 */
export function SoldOutToggle({ restaurantId, item }: { restaurantId: number; item: { id: number; name: string; soldOutUntil: string | null } }) {
  const [soldOut, setSoldOut] = useState(item.soldOutUntil !== null);
  const [pending, setPending] = useState(false);
  const alerts = useAlerts();
  const toggle = async () => {
    setPending(true);
    try {
      await api(`/api/manage/${restaurantId}/sold-out`, { method: "PUT", body: { menuItemId: item.id, soldOut: !soldOut } });
      alerts.show(soldOut ? `${item.name} is back on the menu` : `${item.name} is sold out until you next open`, "success");
      setSoldOut(!soldOut);
    } catch (error) {
      alerts.show(failureMessage(error, "Failed to change the dish"), "error");
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClass({ variant: soldOut ? "primary" : "soft", size: "small" })}
      aria-pressed={soldOut}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {soldOut ? "Back in stock" : SOLD_OUT_TODAY}
      <span className="sr-only"> {item.name}</span>
    </button>
  );
}
