"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api, ApiClientError } from "@/lib/client/api";
import type { CartItem } from "@/lib/shared/cart";
import { STORAGE_KEYS } from "@/lib/shared/constants";
import { unavailableDishesMessage } from "@/lib/shared/order-changes";
import styles from "./cart-panel.module.css";

// A stored cart can outlive its dishes (deleted, or their restaurant stopped
// taking orders). The open cart checks its lines against the server and names the dead ones.

type Check = { ids: string; orderable: Set<number> };
type CheckedItem = { id: number; restaurant: { servicing: boolean } };

/** The cart's lines that cannot be ordered now, checked when `active` and again on `recheck()`. */
export function useUnorderableLines(items: CartItem[], active: boolean) {
  const ids = items.map((line) => line.id).join(",");
  const [check, setCheck] = useState<Check | null>(null);

  const recheck = useCallback(
    () =>
      orderableOf(ids).then((orderable) => {
        if (orderable) setCheck({ ids, orderable });
      }),
    [ids],
  );

  useEffect(() => {
    if (active) void recheck();
  }, [active, recheck]);

  const gone = check?.ids === ids ? items.filter((line) => !check.orderable.has(line.id)) : [];
  return { gone, recheck };
}

/** Which of these dish ids can be ordered now; null when the check could not run (checkout still refuses). */
async function orderableOf(ids: string): Promise<Set<number> | null> {
  if (!ids) return null;
  const found = await api<CheckedItem[]>(`/api/menu-items?ids=${ids}`).catch(() => null);
  return found && new Set(found.filter((item) => item.restaurant.servicing).map((item) => item.id));
}

/** "Caesar Salad is no longer available. Remove it to continue." with the button that does. */
export function UnorderableNotice({ gone }: { gone: CartItem[] }) {
  const { remove } = useCart();
  if (!gone.length) return null;
  return (
    <div role="alert" className={styles.unorderable}>
      <IconGlyph name="info" />
      <div>
        <p>{unavailableDishesMessage(gone.map((line) => line.name))}</p>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => gone.forEach((line) => remove(line.id))}>
          {gone.length === 1 ? `Remove ${gone[0]!.name}` : "Remove unavailable dishes"}
        </button>
      </div>
    </div>
  );
}

/**
 * Checkout from the cart: creates the Active order and goes to /checkout. It lives with the lazy
 * panel, not in the cart provider every page loads. Resolves false when refused (with an alert).
 */
export function useCartCheckout() {
  const { items, setPanelOpen } = useCart();
  const { show } = useAlerts();
  const router = useRouter();
  const [checkingOut, setCheckingOut] = useState(false);
  const checkout = async () => {
    if (!items.length) return false;
    setCheckingOut(true);
    try {
      const order = await api<{ id: number }>("/api/orders/", {
        method: "POST",
        body: { restaurant_id: items[0]!.restaurantId, items: items.map((l) => ({ menu_item_id: l.id, quantity: l.quantity })) },
      });
      localStorage.setItem(STORAGE_KEYS.currentOrder, JSON.stringify(order));
      setPanelOpen(false);
      router.push("/checkout");
      return true;
    } catch (error) {
      show(error instanceof ApiClientError ? error.message : "Server error: Could not create order.", "error");
      return false;
    } finally {
      setCheckingOut(false);
    }
  };
  return { checkout, checkingOut };
}
