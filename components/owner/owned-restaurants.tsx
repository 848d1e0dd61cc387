"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { OwnedRestaurantCard, type Shown } from "./owned-restaurant-card";
import styles from "./owner.module.css";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

type Answer = { restaurant: RestaurantJson };

// The live "n new" counts load after the page (the event streams are not first-load code).
const NewOrderWatch = lazy(() => import("./new-order-watch").then((m) => ({ default: m.NewOrderWatch })));

type Props = {
  initial: RestaurantJson[];
  /** Each restaurant's hours and cuisine in the reader's words, from the server (else the JSON's English). */
  shown?: Record<number, Shown>;
  newOrders?: Record<number, number>;
  /** The restaurants the person works at (TeamRestaurants above): their counts are live too, and with them no empty state. */
  teamIds?: number[];
  /** Its words (the catalogue's kitchen.owned), from the server. */
  words: Words<"kitchen">["owned"];
};

/** restaurants/manage: the list, its actions and the hard-delete confirmation. */
export function OwnedRestaurants({ initial, shown, newOrders = {}, teamIds = [], words }: Props) {
  const [restaurants, setRestaurants] = useState(initial);
  // A server render after router.refresh() brings fresh rows: adopt them.
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setRestaurants(initial);
  }
  const actions = useApiActions();
  const busyId = actions.busy === null ? null : Number(actions.busy);
  const [confirming, setConfirming] = useState<RestaurantJson | null>(null);
  const alerts = useAlerts();
  const router = useRouter();

  const run = async (id: number, call: () => Promise<void>, failure: string) => {
    const done = await actions.run(
      `${id}`,
      () => call().then(() => true),
      () => alerts.show(failure, "error"),
    );
    if (done) router.refresh();
  };

  const replace = (next: RestaurantJson) => setRestaurants((list) => list.map((r) => (r.id === next.id ? next : r)));

  const deactivate = (r: RestaurantJson) =>
    run(
      r.id,
      async () => {
        replace((await api<Answer>(`/api/manage/${r.id}?type=soft`, { method: "DELETE" })).restaurant);
        alerts.show(fill(words.deactivated, { name: r.name }), "success");
      },
      words.deactivateFailed,
    );

  const reactivate = (r: RestaurantJson) =>
    run(
      r.id,
      async () => {
        replace((await api<Answer>(`/api/manage/${r.id}/reactivate`, { method: "PUT" })).restaurant);
        alerts.show(words.reactivated, "success");
      },
      words.reactivateFailed,
    );

  const remove = (r: RestaurantJson) => {
    setConfirming(null);
    return run(
      r.id,
      async () => {
        await api(`/api/manage/${r.id}?type=hard`, { method: "DELETE" });
        setRestaurants((list) => list.filter((x) => x.id !== r.id));
        alerts.show(fill(words.deleted, { name: r.name }), "success");
      },
      words.deleteFailed,
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
      <EmptyState icon="store" title={words.emptyTitle} link={{ href: "/restaurants/new", text: words.emptyAction }}>
        {words.emptyText}
      </EmptyState>
    );
  }

  return (
    <>
      {watch}
      <ul className={styles.cards} aria-label={words.list}>
        {restaurants.map((r) => (
          <OwnedRestaurantCard
            key={r.id}
            restaurant={r}
            shown={shown?.[r.id]}
            newOrders={newOrders[r.id] ?? 0}
            busy={busyId === r.id}
            onDeactivate={() => deactivate(r)}
            onReactivate={() => reactivate(r)}
            onDelete={() => setConfirming(r)}
            words={words.card}
          />
        ))}
      </ul>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={fill(words.deleteTitle, { name: confirming?.name ?? words.restaurant })}>
        {confirming && (
          <div className={styles.confirm}>
            <p>{words.cannotUndo}</p>
            <div>
              <h3 className={styles.confirmHeading}>{words.removed}</h3>
              <ul className={styles.confirmList}>
                <li>{words.removedPage}</li>
                <li>{words.removedMenu}</li>
                <li>{words.removedReviews}</li>
                <li>{words.removedFavourites}</li>
              </ul>
            </div>
            <div>
              <h3 className={styles.confirmHeading}>{words.kept}</h3>
              <ul className={styles.confirmList}>
                <li>{words.keptOrders}</li>
                <li>{words.keptOpen}</li>
              </ul>
            </div>
            <div className={styles.confirmActions}>
              <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setConfirming(null)}>
                {words.keep}
              </button>
              <button type="button" className={`${buttonClass()} ${styles.dangerSolid}`} onClick={() => remove(confirming)}>
                {words.delete}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
