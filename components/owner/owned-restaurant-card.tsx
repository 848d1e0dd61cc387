"use client";
import Link from "@/components/ui/link";
import { FoodPhoto } from "@/components/browse/food-photo";
import { formatFee, priceSymbol } from "@/components/browse/format";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { teamPagePath } from "@/lib/shared/people/team";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./owner.module.css";

/** The restaurant's hours, cuisine and delivery fee (its market's currency) in the reader's words. */
export type Shown = { hours: string; cuisine: string; fee?: string };

type CardProps = {
  restaurant: RestaurantJson;
  shown?: Shown;
  /** Placed orders waiting for the owner to accept or reject (the order board's New column). */
  newOrders?: number;
  busy: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
  onDelete: () => void;
  words: Words<"kitchen">["owned"]["card"];
};

/** One of the owner's restaurants on restaurants/manage, with everything they can do to it. */
export function OwnedRestaurantCard({ restaurant: r, shown, newOrders = 0, busy, onDeactivate, onReactivate, onDelete, words }: CardProps) {
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
          <Badge tone={r.suspension ? "error" : r.servicing ? "success" : "neutral"}>
            {r.suspension ? words.suspended : r.servicing ? words.active : words.inactive}
          </Badge>
        </div>
        <p className={styles.meta}>
          {shown?.cuisine ?? r.cuisineType} <span aria-hidden="true">·</span>{" "}
          <span aria-label={fill(words.priceLevel, { level: priceSymbol(r.priceLevel) })}>{priceSymbol(r.priceLevel)}</span> <span aria-hidden="true">·</span> {r.city},{" "}
          {r.state}
        </p>
        <p className={styles.meta}>
          {fill(words.minutes, { minutes: r.deliveryTime })} <span aria-hidden="true">·</span> {fill(words.deliveryFee, { fee: shown?.fee ?? formatFee(r.deliveryFee) })}
        </p>
        {/* Written from the weekly schedule by the server (hours-text.ts): what customers read. */}
        <p className={styles.meta}>{fill(words.hours, { hours: shown?.hours ?? r.businessHours })}</p>
        {r.suspension ? (
          <p className={styles.paused}>{fill(words.suspendedBy, { reason: r.suspension.reason })}</p>
        ) : (
          !r.servicing && <p className={styles.paused}>{words.notTaking}</p>
        )}
        <div className={styles.cardActions}>
          <Link href={`/restaurants/${r.id}/update`} className={small()}>
            {words.updateInfo}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/menu`} className={small()}>
            {words.updateMenu}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/orders`} className={newOrders ? small("primary") : small()}>
            {words.orders}
            {forName}
            {newOrders > 0 && (
              <span className={styles.newCount}>
                {newOrders}
                <span className="sr-only"> {words.new}</span>
              </span>
            )}
          </Link>
          <Link href={`/restaurants/${r.id}/insights`} className={small()}>
            {words.insights}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/promotions`} className={small()}>
            {words.promotions}
            {forName}
          </Link>
          <Link href={teamPagePath("reviews", r.id)} className={small()}>
            {words.reviews}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/payouts`} className={small()}>
            {words.payouts}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/team`} className={small()}>
            {words.team}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/api-keys`} className={small()}>
            {words.apiKeys}
            {forName}
          </Link>
          <Link href={`/restaurants/${r.id}/webhooks`} className={small()}>
            {words.webhooks}
            {forName}
          </Link>
          {r.servicing ? (
            <button type="button" className={small("soft")} onClick={onDeactivate} disabled={busy}>
              {words.deactivate}
              {forName}
            </button>
          ) : (
            <button type="button" className={small("soft")} onClick={onReactivate} disabled={busy}>
              {words.reactivate}
              {forName}
            </button>
          )}
          <button type="button" className={`${small("ghost")} ${styles.danger}`} onClick={onDelete} disabled={busy}>
            {words.delete}
            {forName}
          </button>
        </div>
      </div>
    </li>
  );
}
