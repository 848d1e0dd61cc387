"use client";
import { useEffect, useState } from "react";
import { IconGlyph } from "@/components/ui/icons";
import styles from "./restaurant-header.module.css";

/**
 * The restaurant page's offer badge ("20% off your first order"): its automatic offers live now
 * (GET /api/restaurants/{id}/promotions, docs/architecture/promotions.md), read in the browser
 * because the page is replayed to everyone until the catalog changes (catalog-and-caching.md),
 * and promotions change apart from it. Checkout applies the best one by itself.
 */
export function RestaurantOffers({ restaurantId }: { restaurantId: number }) {
  const [labels, setLabels] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/restaurants/${restaurantId}/promotions`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { offers: [] }))
      .then((body: { offers: { label: string }[] }) => setLabels(body.offers.map((offer) => offer.label)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [restaurantId]);
  if (!labels.length) return null;
  return (
    <ul className={styles.offers} aria-label="Offers">
      {labels.map((label) => (
        <li key={label} className={styles.offer}>
          <IconGlyph name="receipt" size={18} />
          <span>{label}</span>
          <span className={styles.offerNote}>· applied at checkout</span>
        </li>
      ))}
    </ul>
  );
}
