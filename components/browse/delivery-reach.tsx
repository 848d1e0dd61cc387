"use client";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import { deliveryReach, roundKm } from "@/lib/shared/delivery/delivery";
import type { Words } from "@/lib/i18n/words";
import { decimalText, fill } from "@/lib/shared/words/fill";
import { distanceIn, type UnitWords } from "@/lib/shared/delivery/distance";
import styles from "./restaurant-header.module.css";

/** A mi market's restaurant: its units (lib/shared/delivery/distance.ts) and the catalogue's courier.miles.tooFarDetail. */
export type MilesReach = { units: UnitWords; tooFarDetail: string };

type Place = { name: string; lat: number | null; lng: number | null; deliveryRadiusKm: number };

/**
 * The restaurant page's "Too far for delivery, pickup available" (docs/architecture/places.md
 * "Delivery radius"), for a signed-in customer whose saved address is outside the radius. The page
 * is replayed to everyone (catalog-and-caching.md), so this reads the visitor's place in the
 * browser, from the session (the user JSON's lat/lng), after hydration; nothing when either
 * place is unknown, as the checkout refuses nothing then.
 */
export function DeliveryReach({ restaurant, words, miles }: { restaurant: Place; words: Words<"browse">["restaurant"]; miles?: MilesReach }) {
  const { user } = useSession();
  const reach = user ? deliveryReach(restaurant, user) : null;
  if (!reach?.tooFar) return null;
  return (
    <p className={styles.tooFar} role="status">
      <IconGlyph name="info" size={22} />
      <span>
        <strong>{words.tooFar}</strong>
        <span className={styles.tooFarDetail}>
          {miles
            ? fill(miles.tooFarDetail, {
                distance: distanceIn(reach.km, miles.units),
                name: restaurant.name,
                radius: distanceIn(restaurant.deliveryRadiusKm, miles.units),
              })
            : fill(words.tooFarDetail, {
                km: decimalText(roundKm(reach.km), words.decimal),
                name: restaurant.name,
                radius: decimalText(roundKm(restaurant.deliveryRadiusKm), words.decimal),
              })}
        </span>
      </span>
    </p>
  );
}
