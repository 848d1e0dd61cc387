"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { failureText } from "./use-live-form";

/**
 * A dish of the owner's menu marked sold out until the restaurant's next opening, or back
 * (PUT /api/manage/{id}/sold-out, docs/architecture/kitchen.md): customers see it greyed at once.
 */
export function SoldOutToggle({
  restaurantId,
  item,
  words: w,
}: {
  restaurantId: number;
  item: { id: number; name: string; soldOutUntil: string | null };
  /** Its words (the catalogue's menus.menu.soldOut), from the server. */
  words: Words<"menus">["menu"]["soldOut"];
}) {
  const [soldOut, setSoldOut] = useState(item.soldOutUntil !== null);
  const alerts = useAlerts();
  const change = useApiAction(
    (next: boolean) => api(`/api/manage/${restaurantId}/sold-out`, { method: "PUT", body: { menuItemId: item.id, soldOut: next } }).then(() => next),
    {
      onSuccess: (next) => {
        alerts.show(fill(next ? w.until : w.backOnMenu, { name: item.name }), "success");
        setSoldOut(next);
      },
      onError: (failure) => alerts.show(failureText(failure, w.failed), "error"),
    },
  );
  const pending = change.busy;
  const toggle = () => change.run(!soldOut);
  return (
    <button
      type="button"
      className={buttonClass({ variant: soldOut ? "primary" : "soft", size: "small" })}
      aria-pressed={soldOut}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {soldOut ? w.back : w.today}
      <span className="sr-only"> {item.name}</span>
    </button>
  );
}
