"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { useSession } from "@/components/providers/session-provider";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { DeliveryOption, PaymentMethod } from "@/lib/shared/constants";
import type { OrderJson } from "@/lib/server/orders/to-json";
import { clearCurrentOrder, clearReorderNotice, newIdempotencyKey, readCurrentOrder, storeCurrentOrder } from "./current-order";

export const ORDER_PLACED_MESSAGE = "Your food will arrive soon!";
export const PICKUP_PLACED_MESSAGE = "Your order is placed: we will tell you when it is ready for pickup!";
/**
 * The success alert after 500 ms. The cart is emptied (state and storage) the
 * moment the submit succeeds, not by a timer a reload could skip. The app then
 * shows the order's own page (/orders/{id}) rather than the whole list.
 */
const CONFIRM_AFTER_MS = 500;

export type SubmitBody = {
  deliveryOption: DeliveryOption;
  scheduledFor?: string;
  tipPercent?: number;
  /** A custom tip in dollars. */
  tip?: number;
  paymentMethod: PaymentMethod;
  /** The total in dollars the page shows: the server refuses (409) to charge another one. */
  expectedTotal?: number;
};

/**
 * Place order: PUT /api/orders/{id}/submit with an Idempotency-Key made once per attempt (the
 * same choices sent again, by a double click or a retry, reuse it, so the server charges once).
 */
export function usePlaceOrder(order: OrderJson, markPlacing: (placing: boolean) => void, onStale: () => void) {
  const router = useRouter();
  const { show } = useAlerts();
  const { refresh } = useSession();
  const { items, clear } = useCart();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const confirmTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(confirmTimer.current), []);

  const place = async (body: SubmitBody) => {
    if (placing) return;
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    setError(null);
    setPlacing(true);
    markPlacing(true);
    try {
      const submitted = await api<OrderJson>(`/api/orders/${order.id}/submit`, {
        method: "PUT",
        body,
        headers: { "Idempotency-Key": attempt.current.key },
      });
      // Only a cart of this restaurant became the order; a reorder leaves another cart alone.
      if (items[0]?.restaurantId === submitted.restaurantId) clear();
      storeCurrentOrder(submitted);
      clearReorderNotice();
      void refresh();
      confirmTimer.current = window.setTimeout(() => {
        if (readCurrentOrder()?.status !== "Submitted") return;
        show(body.deliveryOption === "pickup" ? PICKUP_PLACED_MESSAGE : ORDER_PLACED_MESSAGE, "success");
        router.push(`/orders/${submitted.id}`);
      }, CONFIRM_AFTER_MS);
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      if (apiError?.status === 409 && (apiError.errors.items || apiError.errors.expectedTotal)) {
        // A dish was removed or repriced since the page loaded: show the order as it is now.
        markPlacing(false);
        show(apiError.message, "error");
        onStale();
        return;
      }
      if (apiError?.status === 409 || apiError?.status === 404) {
        // Submitted or removed elsewhere (another tab): nothing left to place here.
        clearCurrentOrder();
        show(apiError.message, "error");
        router.replace("/orders");
        return;
      }
      markPlacing(false);
      setPlacing(false);
      setError(apiError?.message ?? SERVER_FAILURE);
    }
  };

  return { place, placing, error };
}
