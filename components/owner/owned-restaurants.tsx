"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/lib/client/api";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { OwnedRestaurantCard } from "./owned-restaurant-card";
import styles from "./owner.module.css";
import { RESTAURANT_REACTIVATED } from "@/lib/shared/messages";

type Answer = { restaurant: RestaurantJson };

// The live "n new" counts load after the page (the event streams are not first-load code).
const NewOrderWatch = lazy(() => import("./new-order-watch").then((m) => ({ default: m.NewOrderWatch })));

type Props = {
  initial: RestaurantJson[];
  newOrders?: Record<number, number>;
  /** The restaurants the person works at (TeamRestaurants above): their counts are live too, and with them no empty state. */
  teamIds?: number[];
};

/** restaurants/manage: the list, its actions and the hard-delete confirmation. */
export function OwnedRestaurants({ initial, newOrders = {}, teamIds = [] }: Props) {
  const [restaurants, setRestaurants] = useState(initial);
  // A server render after router.refresh() brings fresh rows: adopt them.
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setRestaurants(initial);
  }
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<RestaurantJson | null>(null);
  const alerts = useAlerts();
  const router = useRouter();

  const run = async (id: number, call: () => Promise<void>, failure: string) => {
    setBusyId(id);
    try {
      await call();
      router.refresh();
    } catch {
      alerts.show(failure, "error");
    } finally {
      setBusyId(null);
    }
  };

  const replace = (next: RestaurantJson) => setRestaurants((list) => list.map((r) => (r.id === next.id ? next : r)));

  const deactivate = (r: RestaurantJson) =>
    run(
      r.id,
      async () => {
        replace((await api<Answer>(`/api/manage/${r.id}?type=soft`, { method: "DELETE" })).restaurant);
        alerts.show(`${r.name} is deactivated and takes no new orders`, "success");
      },
      "Failed to deactivate restaurant",
    );

  const reactivate = (r: RestaurantJson) =>
    run(
      r.id,
      async () => {
        replace((await api<Answer>(`/api/manage/${r.id}/reactivate`, { method: "PUT" })).restaurant);
        alerts.show(RESTAURANT_REACTIVATED, "success");
      },
      "Failed to reactivate restaurant",
    );

  const remove = (r: RestaurantJson) => {
    setConfirming(null);
    return run(
      r.id,
      async () => {
        await api(`/api/manage/${r.id}?type=hard`, { method: "DELETE" });
        setRestaurants((list) => list.filter((x) => x.id !== r.id));
        alerts.show(`${r.name} was deleted`, "success");
      },
      "Failed to delete restaurant",
    );
  };

  // Every restaurant's count is live, over the page's one personal stream.
  const live = [...restaurants.map((r) => r.id), ...teamIds];
  const watch = live.length > 0 && (
    <Suspense fallback={null}>
      <NewOrderWatch restaurantIds={live} />
    </Suspense>
  );
  // Someone who works at restaurants but owns none has them listed above; adding one is the page header's secondary action.
  if (!restaurants.length && teamIds.length) return watch;
  if (!restaurants.length) {
    return (
      <EmptyState
        icon="store"
        title="No restaurants found"
        action={
          <Link href="/restaurants/new" className={buttonClass()}>
            Add your restaurant
          </Link>
        }
      >
        Restaurants you own appear here, ready to edit, pause or reopen.
      </EmptyState>
    );
  }

  return (
    <>
      {watch}
      <ul className={styles.cards} aria-label="Your restaurants">
        {restaurants.map((r) => (
          <OwnedRestaurantCard
            key={r.id}
            restaurant={r}
            newOrders={newOrders[r.id] ?? 0}
            busy={busyId === r.id}
            onDeactivate={() => deactivate(r)}
            onReactivate={() => reactivate(r)}
            onDelete={() => setConfirming(r)}
          />
        ))}
      </ul>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={`Delete ${confirming?.name ?? "restaurant"}?`}>
        {confirming && (
          <div className={styles.confirm}>
            <p>This cannot be undone. To stop orders for a while instead, use Deactivate.</p>
            <div>
              <h3 className={styles.confirmHeading}>Removed for good</h3>
              <ul className={styles.confirmList}>
                <li>The restaurant and its page</li>
                <li>Its whole menu</li>
                <li>Its reviews and ratings</li>
                <li>Customers&apos; favourites of its dishes</li>
              </ul>
            </div>
            <div>
              <h3 className={styles.confirmHeading}>Kept</h3>
              <ul className={styles.confirmList}>
                <li>Customers&apos; past orders, with their items and totals</li>
                <li>Orders still open are canceled, and wallet payments refunded</li>
              </ul>
            </div>
            <div className={styles.confirmActions}>
              <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setConfirming(null)}>
                Keep restaurant
              </button>
              <button type="button" className={`${buttonClass()} ${styles.dangerSolid}`} onClick={() => remove(confirming)}>
                Delete restaurant
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
