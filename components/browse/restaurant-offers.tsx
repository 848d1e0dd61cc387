"use client";
import { useEffect, useState } from "react";
import { IconGlyph } from "@/components/ui/icons";
import type { Words } from "@/lib/i18n/words";
import styles from "./restaurant-header.module.css";

/**
 * The restaurant page's offer badge ("20% off your first order"): its automatic offers live now
 * (GET /api/restaurants/{id}/promotions, docs/architecture/promotions.md), read in the browser
 * because the page is replayed to everyone until the catalog changes (catalog-and-caching.md),
 * and promotions change apart from it. Checkout applies the best one by itself. An offer the
 * customer cannot take now says why instead of "applied at checkout" ("You've used this offer",
 * "Starts Dec 5, 7:00 PM": the server's words, in the restaurant's zone). On a dish's page (`dish`),
 * only the offers on that dish or its section ("Buy 1 Margherita, get 1 free").
 */
type Offer = { id: number; label: string; unavailable: string | null; dishId?: number | null; sectionId?: number | null };

export function RestaurantOffers({
  restaurantId,
  words,
  dish,
}: {
  restaurantId: number;
  words: Pick<Words<"browse">["restaurant"], "offers" | "applied">;
  dish?: { id: number; sectionId: number | null };
}) {
  const [all, setOffers] = useState<Offer[]>([]);
  const offers = dish ? all.filter((offer) => offer.dishId === dish.id || (offer.sectionId != null && offer.sectionId === dish.sectionId)) : all;
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/restaurants/${restaurantId}/promotions`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { offers: [] }))
      .then((body: { offers: Offer[] }) => setOffers(body.offers))
      .catch(() => undefined);
    return () => controller.abort();
  }, [restaurantId]);
  if (!offers.length) return null;
  return (
    <ul className={styles.offers} aria-label={words.offers}>
      {offers.map((offer) => (
        <li key={offer.id} className={offer.unavailable ? `${styles.offer} ${styles.offerOff}` : styles.offer}>
          <IconGlyph name="receipt" size={18} />
          <span>{offer.label}</span>
          <span className={styles.offerNote}>· {offer.unavailable ?? words.applied}</span>
        </li>
      ))}
    </ul>
  );
}
