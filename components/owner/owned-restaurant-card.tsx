"use client";
import Link from "@/components/ui/link";
import { FoodPhoto } from "@/components/browse/food-photo";
import { formatFee, priceSymbol } from "@/components/browse/format";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { teamPagePath } from "@/lib/shared/team";
import styles from "./owner.module.css";

type CardProps = {
  restaurant: RestaurantJson;
  /** Placed orders waiting for the owner to accept or reject (the order board's New column). */
  newOrders?: number;
  busy: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
  onDelete: () => void;
};

/** One of the owner's restaurants on restaurants/manage, with everything they can do to it. */
export function OwnedRestaurantCard({ restaurant: r, newOrders = 0, busy, onDeactivate, onReactivate, onDelete }: CardProps) {
  const forName = <span className="sr-only"> {r.name}</span>;
  const small = (variant: "primary" | "secondary" | "soft" | "ghost" = "secondary") => buttonClass({ variant, size: "small" });
  return (
    <li className={styles.card} aria-busy={busy || undefined}>
      <div className={styles.cardPhoto} aria-hidden="true">
        <FoodPhoto src={r.storeImage} alt="" sizes="(min-width: 768px) 220px, 100vw" />
      </div>
      <div className={styles.cardBody}>
        <div className={styles.cardTitle}>
          <h2 className={styles.cardName}>
            <Link href={`/restaurants/${r.id}`}>{r.name}</Link>
          </h2>
          <Badge tone={r.suspension ? "error" : r.servicing ? "success" : "neutral"}>{r.suspension ? "Suspended" : r.servicing ? "Active" : "Inactive"}</Badge>
        </div>
        <p className={styles.meta}>
          {r.cuisineType} <span aria-hidden="true">·</span> <span aria-label={`Price level ${priceSymbol(r.priceLevel)}`}>{priceSymbol(r.priceLevel)}</span>{" "}
          <span aria-hidden="true">·</span> {r.city}, {r.state}
        </p>
        <p className={styles.meta}>
          {r.deliveryTime} min <span aria-hidden="true">·</span> {formatFee(r.deliveryFee)} delivery fee (listed)
        </p>
        {/* Written from the weekly schedule by the server (businessHoursText): what customers read. */}
        <p className={styles.meta}>Hours: {r.businessHours}</p>
        {r.suspension ? (
          <p className={styles.paused}>Suspended by Nosh: {r.suspension.reason}. Hidden from customers until Nosh restores it; open orders go on.</p>
        ) : (
          !r.servicing && <p className={styles.paused}>Not taking orders. Customers cannot find it until you reactivate it.</p>
        )}
        <div className={styles.cardActions}>
          <Link href={`/restaurants/${r.id}/update`} className={small()}>
            Update Info{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/menu`} className={small()}>
            Update Menu{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/orders`} className={newOrders ? small("primary") : small()}>
            Orders{forName}
            {newOrders > 0 && (
              <span className={styles.newCount}>
                {newOrders}
                <span className="sr-only"> new</span>
              </span>
            )}
          </Link>
          <Link href={`/restaurants/${r.id}/insights`} className={small()}>
            Insights{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/promotions`} className={small()}>
            Promotions{forName}
          </Link>
          <Link href={teamPagePath("reviews", r.id)} className={small()}>
            Reviews{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/payouts`} className={small()}>
            Payouts{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/team`} className={small()}>
            Team{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/api-keys`} className={small()}>
            API keys{forName}
          </Link>
          <Link href={`/restaurants/${r.id}/webhooks`} className={small()}>
            Webhooks{forName}
          </Link>
          {r.servicing ? (
            <button type="button" className={small("soft")} onClick={onDeactivate} disabled={busy}>
              Deactivate{forName}
            </button>
          ) : (
            <button type="button" className={small("soft")} onClick={onReactivate} disabled={busy}>
              Reactivate{forName}
            </button>
          )}
          <button type="button" className={`${small("ghost")} ${styles.danger}`} onClick={onDelete} disabled={busy}>
            Delete{forName}
          </button>
        </div>
      </div>
    </li>
  );
}
