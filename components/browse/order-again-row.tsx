"use client";
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { reorderNotice } from "@/components/orders/format";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { ReorderJson } from "@/lib/contract/orders/schemas";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { restaurantCardSource } from "./format";
import { RestaurantCard, type CardWords } from "./restaurant-card";
import { fill } from "@/lib/shared/words/fill";
import styles from "./restaurant-row.module.css";
import { reorderCartId } from "@/lib/shared/orders/cart";

// /home's "Order again" row. /home is the same page for everyone (a catalog
// page, docs/architecture/catalog-and-caching.md), so the signed-in customer's row is read after
// the page loads (GET /api/orders/again); nothing shows signed out or without history. One tap
// rebuilds the restaurant's last order through Reorder (POST /api/orders/{id}/reorder), and the
// checkout tells what is sold out, removed or no longer offered, as Reorder on /orders does.

type Again = { restaurant: RestaurantJson; lastOrderId: number; lastOrderedAt: string };
const ROW_CARD_SIZES = "(min-width: 1100px) 280px, (min-width: 768px) 260px, 75vw";

/** `words`: the cards' and the row's ("Order again"), from the server. */
export function OrderAgainRow({ words }: { words: { card: CardWords; title: string; from: string } }) {
  const { user } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [rows, setRows] = useState<Again[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  // The chosen card stays busy while checkout opens; refused, it says why in an alert.
  const reordering = useApiAction(
    async (orderId: number) => {
      const [result, storage] = await Promise.all([
        api<ReorderJson>(`/api/orders/${orderId}/reorder`, { method: "POST" }),
        import("@/components/checkout/current-order"),
      ]);
      const notice = reorderNotice(result.changes);
      if (notice || result.changes.choices.length) storage.storeReorderNotice(result.order.id, notice, result.changes.choices);
      else storage.clearReorderNotice();
      storage.storeCurrentOrder(result.order, reorderCartId(orderId));
      router.push("/checkout");
    },
    {
      onError: (failure) => {
        show(failure.message, "error");
        setBusy(null);
      },
    },
  );

  useEffect(() => {
    if (!user) return;
    let live = true;
    api<Again[]>("/api/orders/again")
      .then((answer) => live && setRows(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);

  if (!user || !rows.length) return null;

  const again = (orderId: number) => {
    setBusy(orderId);
    void reordering.run(orderId);
  };

  return (
    <section aria-labelledby="order-again-title" className={styles.section}>
      <div className={styles.head}>
        <h2 id="order-again-title" className={styles.title}>
          {words.title}
        </h2>
      </div>
      <ul className={styles.track}>
        {rows.map(({ restaurant, lastOrderId }) => (
          <li key={restaurant.id} className={styles.again}>
            <RestaurantCard restaurant={restaurantCardSource(restaurant)} sizes={ROW_CARD_SIZES} words={words.card} />
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              onClick={() => void again(lastOrderId)}
              disabled={busy !== null}
              aria-busy={busy === lastOrderId || undefined}
            >
              {words.title}
              <span className="sr-only">{fill(words.from, { name: restaurant.name })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
